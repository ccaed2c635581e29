#include "variants_json.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variant.h"

namespace evo::app {

using nlohmann::json;

namespace {

// A variant's evolution rights for the players' texts: kept (EvoChess) or expiring (EChess),
// and how many pawn moves and captures earn them; null without evolution.
json evolution_json(const Variant& variant) {
    if (!variant.has_evolution()) return nullptr;
    return {{"rights", variant.evolution == Evolution::Accumulate ? "kept" : "expire"},
            {"minor_right_pawn_moves", variant.minor_right_pawn_moves},
            {"rook_right_captures", variant.rook_right_captures}};
}

// The rules a variant's players read about (its rules page, the promotion picker's notes),
// named as in the variants file (docs/variants.md).
json rules_json(const Variant& variant) {
    std::string promotion_pieces;
    for (PieceType type : variant.promotions())
        promotion_pieces += char(piece_letter(type) - 'A' + 'a'); // lowercase, as in the file
    return {{"promotion_pieces", promotion_pieces},
            {"promotion_either_color", variant.promotion_either_color},
            {"pawns_on_back_ranks", variant.pawns_on_back_ranks},
            {"direct_rook_promotion", variant.direct_rook_promotion},
            {"king_becomes_cthulhu", variant.king_becomes_cthulhu},
            {"king_double_step", variant.king_double_step},
            {"king_en_passant", variant.king_en_passant},
            {"king_follows_pawn", variant.king_follows_pawn},
            {"ordinary_castling", variant.ordinary_castling},
            {"vertical_castling", variant.vertical_castling},
            {"draws_won_by_first_king_promoter", variant.draws_won_by_first_king_promoter},
            {"scores_points", variant.scores_points}};
}

// A variant of the built-in file, not one loaded with --variants (those are casual only; a
// file may not redefine a built-in name).
bool built_in(const Variant& variant) {
    for (const Variant& builtin : builtin_variants())
        if (builtin.name == variant.name) return true;
    return false;
}

} // namespace

json variants_json() {
    json variants = json::array();
    for (const Variant* variant : all_variants())
        variants.push_back({{"name", std::string(variant->name)},
                            {"start_fen", Position::start(*variant).fen()},
                            {"display_name", std::string(variant->display_name)},
                            {"description", std::string(variant->description)},
                            {"built_in", built_in(*variant)},
                            {"evolution", evolution_json(*variant)},
                            {"rules", rules_json(*variant)}});
    return variants;
}

} // namespace evo::app
