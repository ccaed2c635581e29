// Every difference between the four games, as data. Move generation, make/unmake,
// notation and results read these fields; nothing else asks "which variant".
#pragma once

#include "types.h"

#include <span>
#include <string_view>

namespace evo {

// RULES 2.2/3.1: how evolution rights behave.
enum class Evolution : std::uint8_t {
    None,       // chess, promoteking
    Accumulate, // evochess: rights are stored and never expire (2.6)
    Expire,     // echess: a right exists only at the end of the move that earned it (3.1)
};

// What the seventh FEN field holds (RULES 5.1).
enum class ExtraState : std::uint8_t { None, EvolutionCounters, PromoteKing };

struct Variant {
    std::string_view name;
    std::string_view start_fen;

    // Last-rank promotion (1.1, 2.7, 4.4).
    PieceType promotion_types[5]; // in the order moves are generated
    int promotion_type_count;
    bool promotion_either_color; // 4.4: pieces of either colour
    bool pawns_on_back_ranks;    // 4.4: a pawn may stand on rank 1 or 8

    // Evolution (2.2-2.7, 3.1-3.5).
    Evolution evolution;
    int pawn_moves_per_minor_right; // N = 3
    int captures_per_rook_right;    // K = 2
    bool direct_rook_promotion;     // 3.4

    // Royal promotion and king powers (4.2, 4.6-4.8).
    bool king_becomes_cthulhu; // 4.2
    bool king_double_step;     // 4.6
    bool king_en_passant;      // 4.7
    bool king_follows_pawn;    // 4.8

    // Castling (1.1, 4.9, 4.10).
    bool ordinary_castling;
    bool vertical_castling;             // 4.9
    bool promoted_rooks_grant_castling; // 4.9/4.10
    bool tracks_unmoved_king;           // the U/u letter of 5.1

    // Results (4.11, 4.12).
    bool draws_won_by_first_king_promoter;
    bool scores_points;

    ExtraState extra_state;

    bool has_evolution() const { return evolution != Evolution::None; }
    std::span<const PieceType> promotions() const {
        return {promotion_types, std::size_t(promotion_type_count)};
    }
};

const Variant& chess_variant();
// nullptr for an unknown name.
const Variant* find_variant(std::string_view name);
std::span<const Variant* const> all_variants();

} // namespace evo
