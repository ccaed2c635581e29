// Test helpers for inference: a net with random weights of a trained net's magnitude, and
// positions of random games in which promotions (evolution, into the other colour) are
// played whenever they are legal, so that they occur.
#pragma once

#include "engine/nnue/features.h"
#include "engine/nnue/net.h"

#include "core/movegen.h"

#include <memory>
#include <random>

namespace evo::nnue::testing {

// Trained nets of tools/nnue_trainer: input weights of standard deviation 0.03 (a few epochs)
// and more with training, output weights about 0.1; these are somewhat larger, to be safe.
inline Net random_net(std::string family, int hidden, std::uint64_t seed) {
    Net net = Net::zeros(std::move(family), FeatureCount, hidden, 400.0f);
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> input(0.0f, 0.05f);
    std::uniform_real_distribution<float> bias(-0.1f, 0.4f), output(-0.5f, 0.5f);
    for (float& w : net.input_weights) w = input(rng);
    for (float& w : net.input_biases) w = bias(rng);
    for (float& w : net.output_weights) w = output(rng);
    net.output_bias = 0.05f;
    return net;
}

// An evolution: a piece promoted by a right, or a pawn promoted before the last rank.
inline bool is_evolution(const Position& pos, Move m) {
    if (m.has_rook_evolution_elsewhere()) return true;
    if (!m.promotion().any()) return false;
    if (type_of(pos.piece_on(m.from())) != Pawn) return true;
    int rank = rank_of(m.to());
    return rank != 0 && rank != 7;
}

// A random legal move, a promotion of some kind half the time when one exists; none when
// there is no legal move.
inline Move random_move(const Position& pos, std::mt19937_64& rng) {
    auto list = std::make_unique<MoveList>();
    generate_legal(pos, *list);
    if (list->empty()) return Move::none();
    std::vector<Move> promotions;
    for (Move m : *list)
        if (m.promotion().any() || m.has_rook_evolution_elsewhere()) promotions.push_back(m);
    if (!promotions.empty() && rng() % 2) return promotions[std::size_t(rng() % promotions.size())];
    return list->moves[rng() % std::size_t(list->size())];
}

} // namespace evo::nnue::testing
