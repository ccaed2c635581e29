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
    auto row = [&](std::uint16_t f) { return &net_->input_weights[std::size_t(f) * n]; };
    for (Color c : {White, Black})
        for (int t = Pawn; t <= Cthulhu; ++t) entry.units[c][t - 1] = pos.pieces(c, PieceType(t));
    for (Color c : {White, Black})
        entry.extra_count[c] = std::uint8_t(extra_features(pos, c, entry.extra[c]));
    if (!parent) {
        std::uint16_t features[MaxActiveFeatures];
        for (Color c : {White, Black}) {
            int count = active_features(pos, c, features);
            refresh_accumulator(*net_, features, count, values(ply, c), *kernels_);
        }
        entry.filled = true;
        ++refreshes;
        return;
    }
    std::int16_t* acc[2] = {values(ply, White), values(ply, Black)};
    for (Color p : {White, Black})
        std::memcpy(acc[p], values(ply - 1, p), sizeof(std::int16_t) * std::size_t(n));
    // The units that left a square and those that came to one: a move changes a few bitboards.
    for (Color c : {White, Black}) {
        for (int t = Pawn; t <= Cthulhu; ++t) {
            Bitboard before = parent->units[c][t - 1], now = entry.units[c][t - 1];
            if (before == now) continue;
            for (Bitboard gone = before & ~now; gone;) {
                Square s = pop_lsb(gone);
                for (Color p : {White, Black})
                    kernels_->sub_row(acc[p], row(piece_square_feature(p, c, PieceType(t), s)), n);
            }
            for (Bitboard came = now & ~before; came;) {
                Square s = pop_lsb(came);
                for (Color p : {White, Black})
                    kernels_->add_row(acc[p], row(piece_square_feature(p, c, PieceType(t), s)), n);
            }
        }
    }
    // The other features, both lists ascending: walk them together; what only the parent has
    // is subtracted, what only the child has is added.
    for (Color p : {White, Black}) {
        const std::uint16_t* before = parent->extra[p];
        const std::uint16_t* now = entry.extra[p];
        int i = 0, j = 0, before_count = parent->extra_count[p], count = entry.extra_count[p];
        while (i < before_count || j < count) {
            if (j == count || (i < before_count && before[i] < now[j])) {
                kernels_->sub_row(acc[p], row(before[i++]), n);
            } else if (i == before_count || now[j] < before[i]) {
                kernels_->add_row(acc[p], row(now[j++]), n);
            } else {
                ++i, ++j;
            }
        }
    }
    entry.filled = true;
    ++incremental_updates;
}

std::int64_t AccumulatorStack::evaluate(const Position& pos, int ply) {
    fill_if_empty(pos, ply);
    Color us = pos.side_to_move();
    return raw_output(*net_, values(ply, us), values(ply, ~us), *kernels_);
}

} // namespace evo::nnue
