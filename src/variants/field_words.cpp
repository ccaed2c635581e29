#include "field_words.h"

#include <array>
#include <utility>

namespace evo::variants {
namespace {

// What each on/off field means when true and when false.
constexpr std::array<std::pair<std::string_view, std::pair<std::string_view, std::string_view>>, 13>
    FLAG_WORDS{{
        {"promotion_either_color",
         {"promotion into either colour", "promotion into one's own colour only"}},
        {"pawns_on_back_ranks",
         {"pawns allowed on the first and last ranks", "no pawns on the first and last ranks"}},
        {"evolution", {"evolution rights", "no evolution rights"}},
        {"direct_rook_promotion",
         {"a pawn may turn straight into a rook", "no pawn straight into a rook"}},
        {"king_becomes_cthulhu",
         {"a king reaching the last rank becomes Cthulhu", "no king becomes Cthulhu"}},
        {"king_double_step", {"kings may step two squares", "no two-square king steps"}},
        {"king_en_passant", {"kings may capture en passant", "no en passant by kings"}},
        {"king_follows_pawn", {"kings follow their pawns", "kings do not follow their pawns"}},
        {"ordinary_castling", {"ordinary castling", "no ordinary castling"}},
        {"vertical_castling", {"vertical castling", "no vertical castling"}},
        {"promoted_rooks_grant_castling",
         {"promoted rooks may castle", "promoted rooks may not castle"}},
        {"tracks_unmoved_king",
         {"a king that has not moved is remembered", "no record of unmoved kings"}},
        {"draws_won_by_first_king_promoter",
         {"a draw is won by the first king to promote", "a draw stays a draw"}},
    }};

std::string piece_names(std::string_view letters) {
    std::string names;
    for (std::size_t i = 0; i < letters.size(); ++i) {
        std::string name;
        switch (letters[i]) {
        case 'q': name = "queen"; break;
        case 'r': name = "rook"; break;
        case 'b': name = "bishop"; break;
        case 'n': name = "knight"; break;
        case 'p': name = "pawn"; break;
        case 'k': name = "king"; break;
        case 'c': name = "Cthulhu"; break;
        default: name = std::string(1, letters[i]);
        }
        names = join_in_words(names, name, i + 1 == letters.size());
    }
    return names;
}

std::string every(std::string_view count, std::string_view one, std::string_view many) {
    if (count == "1") return "every " + std::string(one);
    return "every " + std::string(count) + " " + std::string(many);
}

} // namespace

std::string join_in_words(const std::string& so_far, const std::string& next, bool last) {
    if (so_far.empty()) return next;
    return so_far + (last ? " and " : ", ") + next;
}

std::string field_in_words(std::string_view key, std::string_view value) {
    if (key == "minor_right_pawn_moves")
        return "a minor right " + every(value, "pawn move", "pawn moves");
    if (key == "rook_right_captures")
        return "a rook right " + every(value, "capture of a piece", "captures of pieces");
    if (key == "start_fen") return "the start position " + std::string(value);
    if (key == "promotion_pieces") return "promotion to " + piece_names(value);
    if (key == "scores_points")
        return value == "true" ? "results scored in points" : "no points for results";
    for (const auto& [name, words] : FLAG_WORDS)
        if (key == name && (value == "true" || value == "false"))
            return std::string(value == "true" ? words.first : words.second);
    return std::string(key) + " = " + std::string(value);
}

} // namespace evo::variants
