#include "accumulator.h"

#include <cstring>

namespace evo::nnue {

void refresh_accumulator(const QuantisedNet& net, const std::uint16_t* features, int count,
                         std::int16_t* out, const Kernels& kernels) {
    const int n = net.hidden;
    std::memcpy(out, net.input_biases.data(), sizeof(std::int16_t) * std::size_t(n));
    for (int i = 0; i < count; ++i)
        kernels.add_row(out, &net.input_weights[std::size_t(features[i]) * std::size_t(n)], n);
}

std::int64_t raw_output(const QuantisedNet& net, const std::int16_t* side_to_move,
                        const std::int16_t* other, const Kernels& kernels) {
    const int n = net.hidden;
    return kernels.screlu_dot(side_to_move, net.output_weights.data(), n) +
           kernels.screlu_dot(other, net.output_weights.data() + n, n) + net.output_bias;
}

std::int64_t evaluate_position(const QuantisedNet& net, const Position& pos,
                               const Kernels& kernels) {
    std::uint16_t features[MaxActiveFeatures];
    std::vector<std::int16_t> acc(2 * std::size_t(net.hidden));
    for (Color c : {White, Black}) {
        int count = active_features(pos, c, features);
        refresh_accumulator(net, features, count, acc.data() + c * net.hidden, kernels);
    }
    Color us = pos.side_to_move();
    return raw_output(net, acc.data() + us * net.hidden, acc.data() + (~us) * net.hidden, kernels);
}

void AccumulatorStack::reset(const QuantisedNet& net, int plies, const Kernels& kernels) {
    net_ = &net;
    kernels_ = &kernels;
    entries_.assign(std::size_t(plies), Entry{});
    values_.resize(std::size_t(plies) * 2 * std::size_t(net.hidden));
}

void AccumulatorStack::fill(const Position& pos, int ply) {
    Entry& entry = entries_[std::size_t(ply)];
    const Entry* parent = ply > 0 && entries_[std::size_t(ply - 1)].filled
                              ? &entries_[std::size_t(ply - 1)]
                              : nullptr;
    const int n = net_->hidden;
    for (Color c : {White, Black}) {
        std::uint16_t* now = entry.features[c];
        int count = active_features(pos, c, now);
        entry.count[c] = std::uint8_t(count);
        std::int16_t* acc = values(ply, c);
        if (!parent) {
            refresh_accumulator(*net_, now, count, acc, *kernels_);
            continue;
        }
        // Both lists ascend: walk them together; what only the parent has is subtracted,
        // what only the child has is added.
        std::memcpy(acc, values(ply - 1, c), sizeof(std::int16_t) * std::size_t(n));
        const std::uint16_t* before = parent->features[c];
        int i = 0, j = 0, before_count = parent->count[c];
        auto row = [&](std::uint16_t f) { return &net_->input_weights[std::size_t(f) * n]; };
        while (i < before_count || j < count) {
            if (j == count || (i < before_count && before[i] < now[j])) {
                kernels_->sub_row(acc, row(before[i++]), n);
            } else if (i == before_count || now[j] < before[i]) {
                kernels_->add_row(acc, row(now[j++]), n);
            } else {
                ++i, ++j;
            }
        }
    }
    entry.filled = true;
    if (parent)
        ++incremental_updates;
    else
        ++refreshes;
}

std::int64_t AccumulatorStack::evaluate(const Position& pos, int ply) {
    fill_if_empty(pos, ply);
    Color us = pos.side_to_move();
    return raw_output(*net_, values(ply, us), values(ply, ~us), *kernels_);
}

} // namespace evo::nnue
