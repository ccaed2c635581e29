// The net in integers, as the engine evaluates it (docs/nnue.md, "Inference"): the float net
// of the trainer scaled by QA (input layer, accumulators) and QB (output weights) and rounded.
#pragma once

#include "net.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::nnue {

// An accumulator value of QA is 1.0 (the top of SCReLU's clamp); an output weight of QB is 1.0.
constexpr int QA = 255;
constexpr int QB = 512;
// The raw output is in these units: QA (clamp) x QA (square) x QB (output weight).
constexpr std::int64_t OutputDivisor = std::int64_t(QA) * QA * QB;

struct QuantisedNet {
    std::string family;
    int hidden = 0;
    float scale = 400.0f;                     // centipawns per unit of output
    std::vector<std::int16_t> input_weights;  // [feature][hidden], x QA
    std::vector<std::int16_t> input_biases;   // [hidden], x QA
    std::vector<std::int16_t> output_weights; // [2 * hidden], x QB, side to move's half first
    std::int64_t output_bias = 0;             // x OutputDivisor
    // Weights outside int16 after scaling were clamped (a net this far off is not one the
    // trainer makes; the float and quantised outputs then differ more than documented).
    int clamped_weights = 0;
};

QuantisedNet quantise(const Net& net);

// FNV-1a over everything the net computes with: two nets with the same fingerprint evaluate
// alike (datagen keeps it with a file's settings, so a resumed run labels with the same net).
std::uint64_t fingerprint(const QuantisedNet& net);

// The raw output in units of output / OutputDivisor into the engine's evaluation units,
// given how many of them a unit of output is worth (scale x the variant's pawn / 100).
std::int64_t raw_to_units(std::int64_t raw, std::int64_t units_per_output);

constexpr std::int64_t MaxUnitsPerOutput = (1 << 14) - 1;
// Engine units per unit of output (1..MaxUnitsPerOutput) for a net on a variant whose pawn is
// `pawn_units`.
std::int64_t units_per_output(const QuantisedNet& net, int pawn_units);

} // namespace evo::nnue
