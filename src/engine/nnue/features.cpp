#include "features.h"

#include <algorithm>

namespace evo::nnue {
namespace {

int one_hot(int value, int slots) {
    return std::clamp(value, 0, slots - 1);
}

// The counter block of one side, starting at `base`.
std::uint16_t* add_counters(std::uint16_t* out, int base, const EvolutionCounters& c) {
    *out++ = std::uint16_t(base + one_hot(c.pawn_moves, CounterSlots));
    *out++ = std::uint16_t(base + CounterSlots + one_hot(c.minor_rights, RightSlots));
    *out++ = std::uint16_t(base + CounterSlots + RightSlots + one_hot(c.captures, CounterSlots));
    *out++ =
        std::uint16_t(base + 2 * CounterSlots + RightSlots + one_hot(c.rook_rights, RightSlots));
    return out;
}

} // namespace

int active_features(const Position& pos, Color perspective, std::uint16_t* out) {
    std::uint16_t* const begin = out;
    // Plane by plane in index order; within a plane the squares ascend: for Black's
    // perspective the byte-swapped bitboard is the board flipped vertically (square ^ 56).
    for (int relative_color = 0; relative_color < 2; ++relative_color) {
        Color c = relative_color == 0 ? perspective : ~perspective;
        for (int t = Pawn; t <= Cthulhu; ++t) {
            Bitboard b = pos.pieces(c, PieceType(t));
            if (perspective == Black) b = __builtin_bswap64(b);
            int base = (relative_color * 7 + (t - 1)) * 64;
            while (b) *out++ = std::uint16_t(base + pop_lsb(b));
        }
    }
    out += extra_features(pos, perspective, out);
    return int(out - begin);
}

int extra_features(const Position& pos, Color perspective, std::uint16_t* out) {
    std::uint16_t* const begin = out;
    const Variant& variant = pos.variant();
    if (variant.has_evolution()) {
        out = add_counters(out, PieceSquareFeatures, pos.counters(perspective));
        out = add_counters(out, PieceSquareFeatures + CounterFeaturesPerSide,
                           pos.counters(~perspective));
    }
    if (variant.extra_state == ExtraState::PromoteKing) {
        int base = PieceSquareFeatures + CounterFeatures;
        int promoter = pos.first_king_promoter();
        int slot = promoter < 0 ? 0 : promoter == perspective ? 1 : 2;
        *out++ = std::uint16_t(base + slot);
        *out++ = std::uint16_t(base + FirstPromoterSlots +
                               one_hot(pos.other_color_promotions(), OtherPromotionSlots));
    }
    return int(out - begin);
}

std::vector<std::uint16_t> active_features(const Position& pos, Color perspective) {
    std::uint16_t buffer[MaxActiveFeatures];
    int count = active_features(pos, perspective, buffer);
    return std::vector<std::uint16_t>(buffer, buffer + count);
}

std::string_view net_family(const Variant& variant) {
    if (variant.extra_state == ExtraState::PromoteKing) return "promoteking";
    if (variant.evolution == Evolution::Accumulate) return "evochess";
    if (variant.evolution == Evolution::Expire) return "echess";
    return "chess";
}

} // namespace evo::nnue
