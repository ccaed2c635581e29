#include "variant_fields.h"

#include <array>
#include <charconv>

namespace evo::variants {

namespace {

constexpr std::array<FieldInfo, 20> Fields{{
    {"display_name", false},
    {"description", false},
    {"start_fen", true},
    {"promotion_pieces", true},
    {"promotion_either_color", true},
    {"pawns_on_back_ranks", true},
    {"evolution", true},
    {"minor_right_pawn_moves", true},
    {"rook_right_captures", true},
    {"direct_rook_promotion", true},
    {"king_becomes_cthulhu", true},
    {"king_double_step", true},
    {"king_en_passant", true},
    {"king_follows_pawn", true},
    {"ordinary_castling", true},
    {"vertical_castling", true},
    {"promoted_rooks_grant_castling", true},
    {"tracks_unmoved_king", true},
    {"draws_won_by_first_king_promoter", true},
    {"scores_points", true},
}};

bool Variant::*flag_of(std::string_view field) {
    if (field == "promotion_either_color") return &Variant::promotion_either_color;
    if (field == "pawns_on_back_ranks") return &Variant::pawns_on_back_ranks;
    if (field == "direct_rook_promotion") return &Variant::direct_rook_promotion;
    if (field == "king_becomes_cthulhu") return &Variant::king_becomes_cthulhu;
    if (field == "king_double_step") return &Variant::king_double_step;
    if (field == "king_en_passant") return &Variant::king_en_passant;
    if (field == "king_follows_pawn") return &Variant::king_follows_pawn;
    if (field == "ordinary_castling") return &Variant::ordinary_castling;
    if (field == "vertical_castling") return &Variant::vertical_castling;
    if (field == "promoted_rooks_grant_castling") return &Variant::promoted_rooks_grant_castling;
    if (field == "tracks_unmoved_king") return &Variant::tracks_unmoved_king;
    if (field == "draws_won_by_first_king_promoter")
        return &Variant::draws_won_by_first_king_promoter;
    if (field == "scores_points") return &Variant::scores_points;
    return nullptr;
}

int Variant::*count_of(std::string_view field) {
    if (field == "minor_right_pawn_moves") return &Variant::minor_right_pawn_moves;
    if (field == "rook_right_captures") return &Variant::rook_right_captures;
    return nullptr;
}

constexpr int MaxCount = 1000;

// "'value' why" (built by appending: GCC 12 warns falsely on "'" + std::string(...)).
std::string not_accepted(std::string_view value, std::string_view why) {
    std::string out;
    out.reserve(value.size() + why.size() + 3);
    out += '\'';
    out.append(value);
    out += "' ";
    out.append(why);
    return out;
}

std::optional<std::string> set_promotions(Variant& v, std::string_view value) {
    if (value.empty() || value.size() > 5)
        return "one to five of the letters p, n, b, r, q (for example 'qrbn')";
    PieceType types[5]{};
    for (std::size_t i = 0; i < value.size(); ++i) {
        char c = value[i];
        PieceType t = (c == 'p' || c == 'n' || c == 'b' || c == 'r' || c == 'q')
                          ? piece_type_from_letter(c)
                          : NoPieceType;
        if (t == NoPieceType)
            return not_accepted(std::string_view(&value[i], 1),
                                "is not one of p, n, b, r, q (lower case)");
        for (std::size_t j = 0; j < i; ++j)
            if (types[j] == t)
                return not_accepted(std::string_view(&value[i], 1), "is given twice");
        types[i] = t;
    }
    for (std::size_t i = 0; i < 5; ++i) v.promotion_types[i] = types[i];
    v.promotion_type_count = int(value.size());
    return std::nullopt;
}

} // namespace

std::span<const FieldInfo> variant_fields() {
    return Fields;
}

bool is_field(std::string_view name) {
    for (const FieldInfo& f : Fields)
        if (f.name == name) return true;
    return false;
}

std::optional<std::string> set_field(VariantDefinition& def, std::string_view field,
                                     std::string_view value) {
    Variant& v = def.rules;
    if (bool Variant::*flag = flag_of(field)) {
        if (value != "true" && value != "false") return not_accepted(value, "is not true or false");
        v.*flag = value == "true";
        return std::nullopt;
    }
    if (int Variant::*count = count_of(field)) {
        int n = -1;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || n < 0 ||
            n > MaxCount)
            return not_accepted(value,
                                "is not a whole number from 0 to " + std::to_string(MaxCount));
        v.*count = n;
        return std::nullopt;
    }
    if (field == "evolution") {
        if (value == "none")
            v.evolution = Evolution::None;
        else if (value == "accumulate")
            v.evolution = Evolution::Accumulate;
        else if (value == "expire")
            v.evolution = Evolution::Expire;
        else
            return not_accepted(value, "is not none, accumulate or expire");
        return std::nullopt;
    }
    if (field == "promotion_pieces") return set_promotions(v, value);
    if (field == "start_fen" || field == "display_name" || field == "description") {
        if (value.empty()) return "must not be empty";
        std::string& text = field == "start_fen"      ? def.start_fen
                            : field == "display_name" ? def.display_name
                                                      : def.description;
        text = value;
        return std::nullopt;
    }
    return "not a field of a variant";
}

std::string evolution_name(Evolution evolution) {
    switch (evolution) {
    case Evolution::None: return "none";
    case Evolution::Accumulate: return "accumulate";
    case Evolution::Expire: return "expire";
    }
    return "none";
}

std::string field_value(const VariantDefinition& def, std::string_view field) {
    const Variant& v = def.rules;
    if (bool Variant::*flag = flag_of(field)) return v.*flag ? "true" : "false";
    if (int Variant::*count = count_of(field)) return std::to_string(v.*count);
    if (field == "evolution") return evolution_name(v.evolution);
    if (field == "promotion_pieces") {
        std::string out;
        for (PieceType t : v.promotions()) out += char(piece_letter(t) | 0x20);
        return out;
    }
    if (field == "start_fen") return def.start_fen;
    if (field == "display_name") return def.display_name;
    if (field == "description") return def.description;
    return "";
}

} // namespace evo::variants
