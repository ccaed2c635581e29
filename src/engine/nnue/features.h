// The inputs of the learned evaluation (docs/nnue.md, "Features"): the active feature indices
// of a position from one side's perspective. Shared by the trainer (tools/nnue_trainer) and
// the engine, so both see a position the same way.
#pragma once

#include "core/position.h"
#include "core/variant.h"

#include <cstdint>
#include <string_view>
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

// At most this many features are active at once: a unit a square, 8 counter inputs, 2 of the
// Promote King state.
constexpr int MaxActiveFeatures = 64 + 8 + 2;

// Piece-square features come first, in index order; the others (counters, rights, Promote
// King state) follow them, at most this many.
constexpr int MaxExtraFeatures = 8 + 2;

// The piece-square feature of a unit of `color` and `type` on `square`, seen from
// `perspective`.
inline std::uint16_t piece_square_feature(Color perspective, Color color, PieceType type,
                                          Square square) {
    int relative_color = color == perspective ? 0 : 1;
    int seen = perspective == Black ? square ^ 56 : square;
    return std::uint16_t((relative_color * 7 + (type - 1)) * 64 + seen);
}

// The features past the piece-square ones of `pos` seen from `perspective`, in increasing
// order, into `out` (room for MaxExtraFeatures); answers their count.
int extra_features(const Position& pos, Color perspective, std::uint16_t* out);

// The active features of `pos` seen from `perspective`, in increasing order.
std::vector<std::uint16_t> active_features(const Position& pos, Color perspective);
// The same into `out` (room for MaxActiveFeatures) without allocating; answers their count.
int active_features(const Position& pos, Color perspective, std::uint16_t* out);

// The built-in variant whose net evaluates `variant` (docs/nnue.md, "The file format"):
// promoteking, evochess, echess or chess. A variant from a file has its parent's family.
std::string_view net_family(const Variant& variant);

} // namespace evo::nnue
