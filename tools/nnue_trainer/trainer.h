// Training a net on samples (docs/nnue.md, "Training"): MSE between sigmoid(output) and the
// target, Adam on shuffled mini-batches whose gradients are computed on several threads.
#pragma once

#include "samples.h"

#include "engine/nnue/net.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace evo::nnue {

struct TrainOptions {
    int epochs = 10;
    int hidden = 128;
    float learning_rate = 0.001f;
    int batch = 1024;
    int threads = 1;
    std::uint64_t seed = 1;
    float lambda = 1.0f; // the score alone: it won in every variant measured (docs/nnue.md)
    float scale_cp = 400.0f;
    double validation = 0.05;
    // From this epoch on the learning rate is a tenth (0: it never drops).
    int lr_drop_epoch = 0;
};

// The loss of one sample, (sigmoid(output) - target)^2, and, when `gradient` is given (a net
// of the same shape), its gradient added to it.
float sample_loss(const Net& net, const Sample& sample, float target, Net* gradient);

// Mean loss over `indices` of `samples`.
double mean_loss(const Net& net, const std::vector<Sample>& samples,
                 const std::vector<std::size_t>& indices, const TrainOptions& options);

// A net with small random weights drawn from `seed`.
Net initial_net(const std::string& family, int feature_count, int hidden, float scale_cp,
                std::uint64_t seed);

struct EpochReport {
    int epoch = 0;
    double train_loss = 0, validation_loss = 0;
    bool best = false; // the lowest validation loss so far: the net train returns, unless a later
                       // one is lower
};

// Trains a net from random weights for options.epochs on the positions split_validation does
// not hold out; calls `report` before the first epoch (epoch 0) and after each. Returns the net
// of the epoch with the lowest validation loss (the last epoch's when nothing is held out): past
// that epoch the net learns its training positions rather than the game. The same samples and
// options give the same net bit for bit, on any number of threads.
Net train(const SampleSet& set, const TrainOptions& options,
          const std::function<void(const EpochReport&)>& report);

} // namespace evo::nnue
