#include "features.h"

#include <algorithm>

namespace evo::nnue {
namespace {

int one_hot(int value, int slots) {
    return std::clamp(value, 0, slots - 1);
}

// The counter block of one side, starting at `base`.
void add_counters(std::vector<std::uint16_t>& out, int base, const EvolutionCounters& c) {
    out.push_back(std::uint16_t(base + one_hot(c.pawn_moves, CounterSlots)));
    out.push_back(std::uint16_t(base + CounterSlots + one_hot(c.minor_rights, RightSlots)));
    out.push_back(
        std::uint16_t(base + CounterSlots + RightSlots + one_hot(c.captures, CounterSlots)));
    out.push_back(
        std::uint16_t(base + 2 * CounterSlots + RightSlots + one_hot(c.rook_rights, RightSlots)));
}

} // namespace

std::vector<std::uint16_t> active_features(const Position& pos, Color perspective) {
    std::vector<std::uint16_t> out;
    out.reserve(48);
    for (int s = 0; s < 64; ++s) {
        Piece p = pos.piece_on(Square(s));
        if (p == NoPiece) continue;
        int relative_color = color_of(p) == perspective ? 0 : 1;
        int relative_square = perspective == White ? s : s ^ 56;
        out.push_back(
            std::uint16_t((relative_color * 7 + (type_of(p) - 1)) * 64 + relative_square));
    }
    std::sort(out.begin(), out.end());
    const Variant& variant = pos.variant();
    if (variant.has_evolution()) {
        add_counters(out, PieceSquareFeatures, pos.counters(perspective));
        add_counters(out, PieceSquareFeatures + CounterFeaturesPerSide, pos.counters(~perspective));
    }
    if (variant.extra_state == ExtraState::PromoteKing) {
        int base = PieceSquareFeatures + CounterFeatures;
        int promoter = pos.first_king_promoter();
        int slot = promoter < 0 ? 0 : promoter == perspective ? 1 : 2;
        out.push_back(std::uint16_t(base + slot));
        out.push_back(std::uint16_t(base + FirstPromoterSlots +
                                    one_hot(pos.other_color_promotions(), OtherPromotionSlots)));
    }
    return out;
}

} // namespace evo::nnue
