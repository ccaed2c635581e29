#include "trainer.h"

#include "engine/nnue/features.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <thread>

namespace evo::nnue {
namespace {

// Uniform in [low, high) from the generator's raw bits, the same with every standard library.
float uniform(std::mt19937_64& rng, float low, float high) {
    double unit = double(rng() >> 11) * 0x1.0p-53;
    return low + float(unit) * (high - low);
}

// Fisher-Yates with the generator's raw bits (std::shuffle differs between libraries).
void shuffle(std::vector<std::size_t>& values, std::mt19937_64& rng) {
    for (std::size_t i = values.size(); i > 1; --i) std::swap(values[i - 1], values[rng() % i]);
}

float sigmoid(float x) {
    return 1.0f / (1.0f + std::exp(-x));
}

// A batch is cut into this many contiguous shards whose gradients and losses are summed in
// shard order, so that the thread count does not change a single bit of the result.
constexpr int Shards = 8;

// Runs job(shard, begin, end) over [0, count) cut into Shards parts, on `threads` threads.
template <class Job> void parallel(int threads, std::size_t count, const Job& job) {
    std::vector<std::thread> workers;
    for (int t = 0; t < std::min(threads, Shards); ++t)
        workers.emplace_back([&job, t, threads, count] {
            for (int shard = t; shard < Shards; shard += threads)
                job(shard, count * shard / Shards, count * (shard + 1) / Shards);
        });
    for (auto& worker : workers) worker.join();
}

// Adam, one parameter at a time (so that a step can be shared out between threads).
struct Adam {
    static constexpr float Beta1 = 0.9f, Beta2 = 0.999f, Epsilon = 1e-8f;
    std::vector<float> m, v;
    float learning_rate = 0.001f, correction1 = 1.0f, correction2 = 1.0f;

    void begin_step(int t) {
        correction1 = 1.0f - std::pow(Beta1, float(t));
        correction2 = 1.0f - std::pow(Beta2, float(t));
    }
    void update(float& weight, float gradient, std::size_t index) {
        float& mi = m[index];
        float& vi = v[index];
        mi = Beta1 * mi + (1 - Beta1) * gradient;
        vi = Beta2 * vi + (1 - Beta2) * gradient * gradient;
        weight -= learning_rate * (mi / correction1) / (std::sqrt(vi / correction2) + Epsilon);
    }
};

void clear(Net& net) {
    std::fill(net.input_weights.begin(), net.input_weights.end(), 0.0f);
    std::fill(net.input_biases.begin(), net.input_biases.end(), 0.0f);
    std::fill(net.output_weights.begin(), net.output_weights.end(), 0.0f);
    net.output_bias = 0.0f;
}

// The mean gradient of parameter `index` of `member` over a batch's shards, summed in order.
float mean_gradient(const std::vector<Net>& shards, std::vector<float> Net::*member,
                    std::size_t index, float per_sample) {
    float sum = 0.0f;
    for (const Net& shard : shards) sum += (shard.*member)[index];
    return sum * per_sample;
}

} // namespace

float sample_loss(const Net& net, const Sample& sample, float target, Net* gradient) {
    const int n = net.hidden;
    // Per-thread scratch space: no allocation per sample.
    thread_local std::vector<float> accumulator, d_accumulator;
    accumulator.resize(2 * std::size_t(n));
    accumulate(net, sample.side_to_move, accumulator.data());
    accumulate(net, sample.other_side, accumulator.data() + n);
    float out = net.output_bias;
    for (int i = 0; i < 2 * n; ++i) out += net.output_weights[i] * screlu(accumulator[i]);
    float predicted = sigmoid(out);
    float error = predicted - target;
    if (gradient) {
        float d_out = 2.0f * error * predicted * (1.0f - predicted);
        gradient->output_bias += d_out;
        d_accumulator.resize(2 * std::size_t(n));
        for (int i = 0; i < 2 * n; ++i) {
            float a = accumulator[i];
            gradient->output_weights[i] += d_out * screlu(a);
            float d_screlu = a > 0.0f && a < 1.0f ? 2.0f * a : 0.0f;
            d_accumulator[i] = d_out * net.output_weights[i] * d_screlu;
        }
        for (int half = 0; half < 2; ++half) {
            const float* d = d_accumulator.data() + half * n;
            for (int i = 0; i < n; ++i) gradient->input_biases[i] += d[i];
            for (std::uint16_t f : half == 0 ? sample.side_to_move : sample.other_side) {
                float* row = &gradient->input_weights[std::size_t(f) * n];
                for (int i = 0; i < n; ++i) row[i] += d[i];
            }
        }
    }
    return error * error;
}

double mean_loss(const Net& net, const std::vector<Sample>& samples,
                 const std::vector<std::size_t>& indices, const TrainOptions& options) {
    if (indices.empty()) return 0.0;
    std::vector<double> sums(Shards, 0.0);
    parallel(options.threads, indices.size(), [&](int t, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const Sample& s = samples[indices[i]];
            sums[t] += sample_loss(net, s, target_of(s, options.lambda, options.scale_cp), nullptr);
        }
    });
    double total = 0;
    for (double sum : sums) total += sum;
    return total / double(indices.size());
}

Net initial_net(const std::string& family, int feature_count, int hidden, float scale_cp,
                std::uint64_t seed) {
    Net net = Net::zeros(family, feature_count, hidden, scale_cp);
    std::mt19937_64 rng(seed);
    for (float& w : net.input_weights) w = uniform(rng, -0.05f, 0.05f);
    for (float& w : net.input_biases) w = uniform(rng, 0.2f, 0.6f);
    for (float& w : net.output_weights) w = uniform(rng, -0.1f, 0.1f);
    return net;
}

Net train(const SampleSet& set, const TrainOptions& options,
          const std::function<void(const EpochReport&)>& report) {
    std::mt19937_64 rng(options.seed);
    const std::vector<Sample>& samples = set.samples;
    Split split = split_validation(set, options.validation);
    std::vector<std::size_t>& order = split.training;
    const std::vector<std::size_t>& validation = split.validation;

    Net net = initial_net("", FeatureCount, options.hidden, options.scale_cp, rng());
    std::vector<Net> gradients(Shards,
                               Net::zeros("", FeatureCount, options.hidden, options.scale_cp));
    const std::size_t parameters =
        net.input_weights.size() + net.input_biases.size() + net.output_weights.size() + 1;
    Adam adam{std::vector<float>(parameters, 0.0f), std::vector<float>(parameters, 0.0f)};
    adam.learning_rate = options.learning_rate;
    int step = 0;
    // Epoch 0: the random net's losses, the baseline the training should beat.
    report(
        {0, mean_loss(net, samples, order, options), mean_loss(net, samples, validation, options)});
    Net best;
    double best_loss = 0;
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        if (options.lr_drop_epoch > 0 && epoch == options.lr_drop_epoch)
            adam.learning_rate = options.learning_rate * 0.1f;
        shuffle(order, rng);
        double train_total = 0;
        for (std::size_t start = 0; start < order.size(); start += options.batch) {
            std::size_t count = std::min<std::size_t>(options.batch, order.size() - start);
            std::vector<double> losses(Shards, 0.0);
            parallel(options.threads, count, [&](int t, std::size_t begin, std::size_t end) {
                clear(gradients[t]);
                for (std::size_t i = begin; i < end; ++i) {
                    const Sample& s = samples[order[start + i]];
                    float target = target_of(s, options.lambda, options.scale_cp);
                    losses[t] += sample_loss(net, s, target, &gradients[t]);
                }
            });
            for (double loss : losses) train_total += loss;
            adam.begin_step(++step);
            const float per_sample = 1.0f / float(count);
            // The input weights, nearly all the parameters, are updated on the threads too.
            parallel(options.threads, net.input_weights.size(),
                     [&](int, std::size_t begin, std::size_t end) {
                         for (std::size_t i = begin; i < end; ++i)
                             adam.update(
                                 net.input_weights[i],
                                 mean_gradient(gradients, &Net::input_weights, i, per_sample), i);
                     });
            std::size_t offset = net.input_weights.size();
            for (std::size_t i = 0; i < net.input_biases.size(); ++i)
                adam.update(net.input_biases[i],
                            mean_gradient(gradients, &Net::input_biases, i, per_sample),
                            offset + i);
            offset += net.input_biases.size();
            for (std::size_t i = 0; i < net.output_weights.size(); ++i)
                adam.update(net.output_weights[i],
                            mean_gradient(gradients, &Net::output_weights, i, per_sample),
                            offset + i);
            offset += net.output_weights.size();
            float bias_gradient = 0.0f;
            for (const Net& shard : gradients) bias_gradient += shard.output_bias;
            adam.update(net.output_bias, bias_gradient * per_sample, offset);
        }
        EpochReport r;
        r.epoch = epoch;
        r.train_loss = order.empty() ? 0.0 : train_total / double(order.size());
        r.validation_loss = mean_loss(net, samples, validation, options);
        r.best = validation.empty() || epoch == 1 || r.validation_loss < best_loss;
        if (r.best && !validation.empty()) {
            best = net;
            best_loss = r.validation_loss;
        }
        report(r);
    }
    return validation.empty() ? net : best;
}

} // namespace evo::nnue
