#include "variant.h"

namespace evo {

namespace {

constexpr std::string_view FideStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// RULES 1
constexpr Variant Chess{
    .name = "chess",
    .start_fen = FideStart,
    .promotion_types = {Queen, Rook, Bishop, Knight},
    .promotion_type_count = 4,
    .promotion_either_color = false,
    .pawns_on_back_ranks = false,
    .evolution = Evolution::None,
    .pawn_moves_per_minor_right = 0,
    .captures_per_rook_right = 0,
    .direct_rook_promotion = false,
    .king_becomes_cthulhu = false,
    .king_double_step = false,
    .king_en_passant = false,
    .king_follows_pawn = false,
    .ordinary_castling = true,
    .vertical_castling = false,
    .promoted_rooks_grant_castling = false,
    .tracks_unmoved_king = false,
    .draws_won_by_first_king_promoter = false,
    .scores_points = false,
    .extra_state = ExtraState::None,
};

// RULES 2: pawns and kings only, rights accumulate, no castling.
constexpr Variant EvoChess = [] {
    Variant v = Chess;
    v.name = "evochess";
    v.start_fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    v.evolution = Evolution::Accumulate;
    v.pawn_moves_per_minor_right = 3;
    v.captures_per_rook_right = 2;
    v.ordinary_castling = false;
    v.extra_state = ExtraState::EvolutionCounters;
    return v;
}();

// RULES 3: as evochess, but a right lives only in the move that earned it.
constexpr Variant EChess = [] {
    Variant v = EvoChess;
    v.name = "echess";
    v.evolution = Evolution::Expire;
    v.direct_rook_promotion = true;
    return v;
}();

// RULES 4
constexpr Variant PromoteKing = [] {
    Variant v = Chess;
    v.name = "promoteking";
    v.promotion_types[0] = Pawn;
    v.promotion_types[1] = Knight;
    v.promotion_types[2] = Bishop;
    v.promotion_types[3] = Rook;
    v.promotion_types[4] = Queen;
    v.promotion_type_count = 5;
    v.promotion_either_color = true;
    v.pawns_on_back_ranks = true;
    v.king_becomes_cthulhu = true;
    v.king_double_step = true;
    v.king_en_passant = true;
    v.king_follows_pawn = true;
    v.vertical_castling = true;
    v.promoted_rooks_grant_castling = true;
    v.tracks_unmoved_king = true;
    v.draws_won_by_first_king_promoter = true;
    v.scores_points = true;
    v.extra_state = ExtraState::PromoteKing;
    return v;
}();

constexpr const Variant* All[] = {&Chess, &EvoChess, &EChess, &PromoteKing};

} // namespace

const Variant& chess_variant() {
    return Chess;
}

const Variant* find_variant(std::string_view name) {
    for (const Variant* v : All)
        if (v->name == name) return v;
    return nullptr;
}

std::span<const Variant* const> all_variants() {
    return All;
}

} // namespace evo
