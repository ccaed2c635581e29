// The inputs of the learned evaluation (docs/nnue.md, "Features"): the active feature indices
// of a position from one side's perspective. Shared by the trainer (tools/nnue_trainer) and,
// later, the engine, so both see a position the same way.
#pragma once

#include "core/position.h"

#include <cstdint>
#include <vector>

namespace evo::nnue {

// Piece-square: 2 colours (the perspective's own first) x 7 types (pawn..Cthulhu) x 64 squares,
// the board flipped vertically for Black's perspective.
constexpr int PieceSquareFeatures = 2 * 7 * 64;
// One-hot counters and rights of each side (own first): p and c capped at 7, m and r at 3.
constexpr int CounterSlots = 8, RightSlots = 4;
constexpr int CounterFeaturesPerSide = 2 * CounterSlots + 2 * RightSlots;
constexpr int CounterFeatures = 2 * CounterFeaturesPerSide;
// Promote King state: who promoted a king first (nobody, own side, the other) and the
// promotions into the other colour so far, capped at 7.
constexpr int FirstPromoterSlots = 3, OtherPromotionSlots = 8;
constexpr int FeatureCount =
    PieceSquareFeatures + CounterFeatures + FirstPromoterSlots + OtherPromotionSlots;

// The active features of `pos` seen from `perspective`, in increasing order.
std::vector<std::uint16_t> active_features(const Position& pos, Color perspective);

} // namespace evo::nnue
