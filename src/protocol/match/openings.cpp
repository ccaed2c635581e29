#include "openings.h"

#include "core/notation.h"
#include "core/pgn.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace evo::match {

namespace {

bool is_result_token(std::string_view token) {
    return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// "12." "12..." "12.e4" -> what follows the move number ("" or "e4").
std::string_view without_move_number(std::string_view token) {
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
        ++digits;
    if (digits == 0 || digits == token.size() || token[digits] != '.') return token;
    std::size_t after = token.find_first_not_of('.', digits);
    return after == std::string_view::npos ? std::string_view() : token.substr(after);
}

bool looks_like_fen(std::string_view line) {
    std::string_view board = line.substr(0, line.find(' '));
    return std::count(board.begin(), board.end(), '/') == 7;
}

Result<Game> opening_from_moves(std::string_view line, const Variant& variant) {
    Game game(variant);
    std::istringstream words{std::string(line)};
    std::string word;
    while (words >> word) {
        std::string_view move = without_move_number(word);
        if (move.empty() || is_result_token(move)) continue;
        if (game.result().over())
            return make_error("moves after the game ended: " + std::string(move));
        auto played = game.play(move);
        if (!played) return make_error("move '" + std::string(move) + "': " + played.error());
    }
    return game;
}

Result<Game> opening_from_line(std::string_view line, const Variant& variant) {
    if (!looks_like_fen(line)) return opening_from_moves(line, variant);
    std::string_view fen = line.substr(0, line.find(';')); // EPD operations are not needed
    while (!fen.empty() && fen.back() == ' ') fen.remove_suffix(1);
    auto position = Position::from_fen(variant, fen);
    if (!position) return make_error("bad FEN: " + position.error());
    return Game(*position);
}

Result<std::vector<Opening>> parse_pgn_openings(std::string_view text, const Variant& variant,
                                                const std::string& file_name) {
    std::vector<Opening> openings;
    int number = 0;
    for (const std::string& game_text : split_pgn_games(text)) {
        std::string where = file_name + " game " + std::to_string(++number);
        auto parsed = parse_pgn(game_text);
        if (!parsed) return make_error(where + ": " + parsed.error());
        if (parsed->game.variant().name != variant.name)
            return make_error(where + " is " + std::string(parsed->game.variant().name) + ", not " +
                              std::string(variant.name));
        Game game = parsed->game;
        game.clear_outside_result(); // a finished game's Result tag does not end the opening
        openings.push_back({std::move(game), where});
    }
    return openings;
}

Result<std::vector<Opening>> parse_line_openings(std::string_view text, const Variant& variant,
                                                 const std::string& file_name) {
    std::vector<Opening> openings;
    std::istringstream lines{std::string(text)};
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        std::string where = file_name + ":" + std::to_string(number);
        auto game = opening_from_line(std::string_view(line).substr(first), variant);
        if (!game) return make_error(where + ": " + game.error());
        openings.push_back({std::move(*game), where});
    }
    return openings;
}

} // namespace

Result<std::vector<Opening>> parse_openings(std::string_view text, const Variant& variant,
                                            const std::string& file_name) {
    bool is_pgn = text.starts_with("[") || text.find("\n[") != std::string_view::npos;
    auto openings = is_pgn ? parse_pgn_openings(text, variant, file_name)
                           : parse_line_openings(text, variant, file_name);
    if (!openings) return openings;
    for (const Opening& opening : *openings)
        if (opening.game.result().over())
            return make_error(opening.source + ": the opening is already a finished game (" +
                              opening.game.result().description() + ")");
    if (openings->empty()) return make_error(file_name + ": no openings in the file");
    return openings;
}

Result<std::vector<Opening>> load_openings(const std::string& path, const Variant& variant) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return make_error("cannot read openings file " + path);
    std::ostringstream text;
    text << file.rdbuf();
    return parse_openings(text.str(), variant, path);
}

} // namespace evo::match
