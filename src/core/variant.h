// Every difference between the games, as data. Move generation, make/unmake, notation and
// results read these fields; nothing else asks "which variant". The built-in games are
// written in src/variants/builtin.ini and compiled into this struct at build time; variants
// read from a file at run time fill the same struct (src/variants/), so both run the same code.
#pragma once

#include "result.h"
#include "types.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
    int minor_right_pawn_moves; // N = 3: pawn moves that earn a minor right
    int rook_right_captures;    // K = 2: piece captures that earn a rook right
    bool direct_rook_promotion; // 3.4

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

    // For people: the name shown in menus and a one-paragraph description.
    std::string_view display_name;
    std::string_view description;

    bool has_evolution() const { return evolution != Evolution::None; }
    std::span<const PieceType> promotions() const {
        return {promotion_types, std::size_t(promotion_type_count)};
    }
};

// A variant defined at run time: the rules plus the text its string views point into.
struct VariantDefinition {
    Variant rules{};
    std::string name;
    std::string start_fen;
    std::string display_name;
    std::string description;

    // Points rules' string views at this object's strings (call after any move or copy).
    void bind() {
        rules.name = name;
        rules.start_fen = start_fen;
        rules.display_name = display_name;
        rules.description = description;
    }
};

// The built-in "chess".
const Variant& chess_variant();
// nullptr for an unknown name. Built-in variants first, then those registered at run time.
const Variant* find_variant(std::string_view name);
// Every known variant: the built-in ones in their file's order, then those registered.
std::vector<const Variant*> all_variants();
std::span<const Variant> builtin_variants();
// Their names, comma-separated, for error messages.
std::string variant_names();

// Adds run-time variants, all or none: fails, adding nothing, if a name is empty, names a
// built-in variant or appears twice in `definitions`. A name registered earlier is replaced
// (the old description stays alive: positions may still point to it).
Result<std::vector<const Variant*>> register_variants(std::vector<VariantDefinition> definitions);

} // namespace evo
