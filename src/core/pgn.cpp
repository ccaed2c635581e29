#include "pgn.h"

#include "message_text.h"
#include "notation.h"

#include <cctype>

namespace evo {

namespace {

std::string_view tag_value(const PgnTags& tags, std::string_view name) {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// PGN standard 8.1.1: a tag name is letters, digits and underscores, starting with a letter.
bool is_tag_name(std::string_view name) {
    auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (name.empty() || !alpha(name[0])) return false;
    for (char c : name)
        if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_') return false;
    return true;
}

// Why a tag value cannot be kept (one line of UTF-8 text), or an empty string.
std::string tag_value_problem(std::string_view value) {
    for (char c : value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            return "holds a line break or control character";
    if (!is_valid_utf8(value)) return "is not valid UTF-8";
    return {};
}

std::string escape(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c != '\n' && c != '\r') out += c;
    }
    return out;
}

std::string points_text(double p) {
    if (p == 0.5) return "1/2";
    return std::to_string(int(p));
}

} // namespace

std::vector<std::string> split_pgn_games(std::string_view text) {
    std::vector<std::string> games;
    std::string current;
    bool in_moves = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        std::string_view line = text.substr(pos, end == std::string_view::npos ? end : end - pos);
        pos = end == std::string_view::npos ? text.size() : end + 1;
        std::size_t first = line.find_first_not_of(" \t\r");
        bool is_tag = first != std::string_view::npos && line[first] == '[';
        if (is_tag && in_moves) {
            games.push_back(std::move(current));
            current.clear();
            in_moves = false;
        }
        if (!is_tag && first != std::string_view::npos) in_moves = true;
        current += line;
        current += '\n';
    }
    if (current.find_first_not_of(" \t\r\n") != std::string::npos)
        games.push_back(std::move(current));
    return games;
}

Result<PgnGame> parse_pgn(std::string_view text) {
    PgnTags tags;
    std::size_t i = 0;
    // Tag pairs.
    for (;;) {
        while (i < text.size() && is_space(text[i])) ++i;
        if (i >= text.size() || text[i] != '[') break;
        std::size_t close = text.find(']', i);
        std::size_t quote = text.find('"', i);
        if (close == std::string_view::npos || quote == std::string_view::npos || quote > close)
            return make_error(ErrorKind::MalformedPgn,
                              "PGN tag is malformed near: " + quote_input(text.substr(i, 40)));
        std::string name(text.substr(i + 1, quote - i - 1));
        while (!name.empty() && is_space(name.back())) name.pop_back();
        if (!is_tag_name(name))
            return make_error(
                ErrorKind::MalformedPgn,
                "PGN tag name '" + quote_input(name) +
                    "' is not valid (letters, digits and '_', starting with a letter)");
        std::string value;
        std::size_t j = quote + 1;
        for (; j < text.size() && text[j] != '"'; ++j) {
            if (text[j] == '\\' && j + 1 < text.size()) ++j;
            value += text[j];
        }
        if (j >= text.size())
            return make_error(ErrorKind::MalformedPgn, "PGN tag value is not closed: " + name);
        if (std::string problem = tag_value_problem(value); !problem.empty())
            return make_error(ErrorKind::MalformedPgn,
                              "PGN tag " + name + " " + problem + ": '" + quote_input(value) + "'");
        close = text.find(']', j);
        if (close == std::string_view::npos)
            return make_error(ErrorKind::MalformedPgn, "PGN tag is not closed: " + name);
        tags.emplace_back(std::move(name), std::move(value));
        i = close + 1;
    }

    std::string variant_name(tag_value(tags, "Variant"));
    for (char& c : variant_name) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (variant_name.empty() || variant_name == "standard") variant_name = "chess";
    const Variant* variant = find_variant(variant_name);
    if (!variant)
        return make_error(ErrorKind::UnknownVariant,
                          "unknown variant in PGN: '" + quote_input(variant_name) + "'");
    std::string_view fen = tag_value(tags, "FEN");
    auto start = fen.empty() ? Result<Position>(Position::start(*variant))
                             : Position::from_fen(*variant, fen);
    if (!start) return make_error("PGN FEN tag: ", start.failure());
    Game game(*start);

    // Movetext.
    std::string result_token;
    int depth = 0; // inside (variations)
    while (i < text.size()) {
        char c = text[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        if (c == '{') {
            std::size_t close = text.find('}', i);
            if (close == std::string_view::npos)
                return make_error(ErrorKind::MalformedPgn, "PGN comment is not closed");
            i = close + 1;
            continue;
        }
        if (c == ';') {
            std::size_t eol = text.find('\n', i);
            i = eol == std::string_view::npos ? text.size() : eol + 1;
            continue;
        }
        if (c == '(') {
            ++depth;
            ++i;
            continue;
        }
        if (c == ')') {
            if (depth == 0) return make_error(ErrorKind::MalformedPgn, "PGN has an unmatched ')'");
            --depth;
            ++i;
            continue;
        }
        std::size_t start_token = i;
        while (i < text.size() && !is_space(text[i]) && text[i] != '{' && text[i] != '(' &&
               text[i] != ')' && text[i] != ';')
            ++i;
        std::string_view token = text.substr(start_token, i - start_token);
        if (depth > 0) continue;
        if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
            result_token = std::string(token);
            std::size_t rest = text.find_first_not_of(" \t\r\n", i);
            if (rest != std::string_view::npos)
                return make_error(ErrorKind::MalformedPgn,
                                  "PGN has text after the result " + result_token +
                                      " (one game per PGN text; more than one game?): '" +
                                      quote_input(text.substr(rest, 40)) + "'");
            break;
        }
        if (token[0] == '$') continue; // NAG
        // Move numbers, possibly glued to the move: "12.", "12...", "12.e4".
        std::size_t k = 0;
        while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
        if (k > 0 && k < token.size() && token[k] == '.') {
            while (k < token.size() && token[k] == '.') ++k;
            token.remove_prefix(k);
        } else if (k == token.size()) {
            continue; // a bare number
        }
        if (token.empty()) continue;
        if (game.result().over())
            return make_error(ErrorKind::GameOver,
                              "PGN has a move after the game ended: '" + quote_input(token) + "'");
        auto m = parse_san_move(game.position(), token);
        if (!m) m = parse_uci_move(game.position(), token);
        if (!m)
            return make_error("PGN move " + std::to_string(game.position().fullmove_number()) +
                                  ": ",
                              parse_san_move(game.position(), token).failure());
        game.play(*m);
    }
    if (depth > 0) return make_error(ErrorKind::MalformedPgn, "PGN has an unclosed '('");

    if (result_token.empty()) result_token = std::string(tag_value(tags, "Result"));
    if (!game.result().over() &&
        (result_token == "1-0" || result_token == "0-1" || result_token == "1/2-1/2")) {
        Outcome o = result_token == "1-0"   ? Outcome::WhiteWins
                    : result_token == "0-1" ? Outcome::BlackWins
                                            : Outcome::Draw;
        game.set_outside_result(o,
                                o == Outcome::Draw ? EndReason::Agreement : EndReason::Resignation);
    }
    return PgnGame{std::move(tags), std::move(game)};
}

std::string to_pgn(const Game& game, const PgnTags& tags) {
    GameResult result = game.result();
    const Variant& v = game.variant();
    PgnTags out;
    for (const char* name : {"Event", "Site", "Date", "Round", "White", "Black"}) {
        std::string_view value = tag_value(tags, name);
        out.emplace_back(name, value.empty() ? "?" : std::string(value));
    }
    out.emplace_back("Result", result.pgn_result());
    if (v.name != "chess") out.emplace_back("Variant", std::string(v.name));
    std::string start_fen = game.start_position().fen();
    if (start_fen != Position::start(v).fen()) {
        out.emplace_back("SetUp", "1");
        out.emplace_back("FEN", start_fen);
    }
    if (v.scores_points && result.over())
        out.emplace_back("Points",
                         points_text(result.white_points) + "-" + points_text(result.black_points));
    if (result.over()) out.emplace_back("Termination", result.description());
    for (const auto& [k, value] : tags) {
        bool known = false;
        for (const auto& [ok, ov] : out) known |= ok == k;
        if (!known && k != "SetUp" && k != "FEN" && k != "Variant" && k != "Points")
            out.emplace_back(k, value);
    }

    std::string text;
    for (const auto& [k, value] : out) text += "[" + k + " \"" + escape(value) + "\"]\n";
    text += '\n';

    Game replay(game.start_position());
    std::string line;
    auto emit = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 79) {
            text += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += token;
    };
    bool first = true;
    for (Move m : game.moves()) {
        const Position& pos = replay.position();
        if (pos.side_to_move() == White)
            emit(std::to_string(pos.fullmove_number()) + ".");
        else if (first)
            emit(std::to_string(pos.fullmove_number()) + "...");
        emit(to_san(pos, m));
        replay.play(m);
        first = false;
    }
    emit(result.pgn_result());
    text += line + '\n';
    return text;
}

} // namespace evo
