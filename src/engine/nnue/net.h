// The learned evaluation's network (docs/nnue.md, "The net"): a perspective net
// (features) -> hidden x 2 -> 1 with SCReLU, in floats as the trainer writes it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace evo::nnue {

struct Net {
    std::string family;                // the built-in variant whose positions it was trained on
    int feature_count = 0;             // inputs of one perspective
    int hidden = 0;                    // accumulator size of one perspective
    float scale = 400.0f;              // centipawns of the variant's pawn per unit of output
    std::vector<float> input_weights;  // [feature][hidden]
    std::vector<float> input_biases;   // [hidden]
    std::vector<float> output_weights; // [2 * hidden]: side to move's half first
    float output_bias = 0.0f;

    // Zero weights of this shape.
    static Net zeros(std::string family, int feature_count, int hidden, float scale);
    bool operator==(const Net&) const = default;
};

// Clamp to 0..1, then square.
inline float screlu(float x) {
    float c = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return c * c;
}

// The accumulator of one perspective: biases plus the weights of its active features.
void accumulate(const Net& net, const std::vector<std::uint16_t>& features, float* accumulator);

// The raw output (in units of `scale` centipawns, from the side to move's view) of a
// position given the active features of the side to move's and the other side's perspective.
float evaluate(const Net& net, const std::vector<std::uint16_t>& side_to_move,
               const std::vector<std::uint16_t>& other_side);

} // namespace evo::nnue
