#include "net.h"

namespace evo::nnue {

Net Net::zeros(std::string family, int feature_count, int hidden, float scale) {
    Net net;
    net.family = std::move(family);
    net.feature_count = feature_count;
    net.hidden = hidden;
    net.scale = scale;
    net.input_weights.assign(std::size_t(feature_count) * hidden, 0.0f);
    net.input_biases.assign(hidden, 0.0f);
    net.output_weights.assign(2 * std::size_t(hidden), 0.0f);
    return net;
}

void accumulate(const Net& net, const std::vector<std::uint16_t>& features, float* accumulator) {
    for (int i = 0; i < net.hidden; ++i) accumulator[i] = net.input_biases[i];
    for (std::uint16_t f : features) {
        const float* row = &net.input_weights[std::size_t(f) * net.hidden];
        for (int i = 0; i < net.hidden; ++i) accumulator[i] += row[i];
    }
}

float evaluate(const Net& net, const std::vector<std::uint16_t>& side_to_move,
               const std::vector<std::uint16_t>& other_side) {
    std::vector<float> accumulator(2 * std::size_t(net.hidden));
    accumulate(net, side_to_move, accumulator.data());
    accumulate(net, other_side, accumulator.data() + net.hidden);
    float out = net.output_bias;
    for (std::size_t i = 0; i < accumulator.size(); ++i)
        out += net.output_weights[i] * screlu(accumulator[i]);
    return out;
}

} // namespace evo::nnue
