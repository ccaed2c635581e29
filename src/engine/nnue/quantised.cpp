#include "quantised.h"

#include "core/fnv1a.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace evo::nnue {
namespace {

std::int16_t to_int16(float value, int factor, int& clamped) {
    float scaled = std::round(value * float(factor));
    constexpr float Low = std::numeric_limits<std::int16_t>::min();
    constexpr float High = std::numeric_limits<std::int16_t>::max();
    if (scaled < Low || scaled > High) {
        ++clamped;
        scaled = scaled < Low ? Low : High;
    }
    return std::int16_t(scaled);
}

void quantise_into(const std::vector<float>& in, int factor, std::vector<std::int16_t>& out,
                   int& clamped) {
    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = to_int16(in[i], factor, clamped);
}

// A vector's length, then its elements, so that no two vector lists hash the same bytes.
template <typename T> void add_vector(Fnv1a& f, const std::vector<T>& values) {
    std::uint64_t count = values.size();
    f.add(&count, sizeof count);
    f.add(values.data(), values.size() * sizeof(T));
}

} // namespace

std::uint64_t fingerprint(const QuantisedNet& net) {
    Fnv1a f;
    f.add(net.family.data(), net.family.size() + 1); // with the NUL, to end it
    f.add(&net.hidden, sizeof net.hidden);
    f.add(&net.scale, sizeof net.scale);
    add_vector(f, net.input_weights);
    add_vector(f, net.input_biases);
    add_vector(f, net.output_weights);
    f.add(&net.output_bias, sizeof net.output_bias);
    return f.value;
}

QuantisedNet quantise(const Net& net) {
    QuantisedNet q;
    q.family = net.family;
    q.hidden = net.hidden;
    q.scale = net.scale;
    quantise_into(net.input_weights, QA, q.input_weights, q.clamped_weights);
    quantise_into(net.input_biases, QA, q.input_biases, q.clamped_weights);
    quantise_into(net.output_weights, QB, q.output_weights, q.clamped_weights);
    q.output_bias = std::llround(double(net.output_bias) * double(OutputDivisor));
    return q;
}

std::int64_t units_per_output(const QuantisedNet& net, int pawn_units) {
    // Bounded so that raw_to_units cannot overflow (see there); a real net is far inside.
    return std::clamp<std::int64_t>(std::llround(double(net.scale) * pawn_units / 100.0), 1,
                                    MaxUnitsPerOutput);
}

std::int64_t raw_to_units(std::int64_t raw, std::int64_t units_per_output) {
    // |raw| < 2 x 2^16 hidden x 2^31 = 2^48 for any shape the net file allows, and
    // units_per_output < 2^14: the product stays below 2^62.
    return raw * units_per_output / OutputDivisor;
}

} // namespace evo::nnue
