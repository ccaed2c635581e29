#include "binding.h"

#include "core/message_text.h"
#include "core/movegen.h"
#include "core/notation.h"

#include <sstream>

namespace evo::wasm {

namespace {

constexpr int max_perft_depth = 20;

template <class Text> std::string listed(const Position& pos, Text text) {
    MoveList list;
    generate_legal(pos, list);
    std::string out;
    for (Move m : list) {
        if (!out.empty()) out += ' ';
        out += text(pos, m);
    }
    return out;
}

} // namespace

const Variant& variant_of(const std::string& name) {
    const Variant* found = find_variant(name);
    if (!found)
        throw BindError{"unknown-variant",
                        "unknown variant '" + quote_input(name) + "' (" + variant_names() + ")"};
    return *found;
}

Position position_of(const Variant& variant, const std::string& fen) {
    auto pos = Position::from_fen(variant, fen.empty() ? variant.start_fen : fen);
    if (!pos) throw BindError{"bad-fen", pos.error()};
    return *pos;
}

Move move_of(const Position& pos, const std::string& text) {
    auto m = parse_move(pos, text);
    if (!m) throw BindError{"illegal-move", m.error()};
    return *m;
}

Position reached(const std::string& variant, const std::string& fen, const std::string& moves) {
    Position pos = position_of(variant_of(variant), fen);
    std::istringstream in(moves);
    std::string text;
    for (int i = 1; in >> text; ++i) {
        auto m = parse_uci_move(pos, text);
        if (!m) throw BindError{"illegal-move", "move " + std::to_string(i) + ": " + m.error()};
        StateInfo st;
        pos.do_move(*m, st);
        pos = Position(pos); // copies the state out of `st`
    }
    return pos;
}

std::string legal_uci(const Position& pos) {
    return listed(pos, [](const Position& p, Move m) { return to_uci(p, m); });
}

std::string legal_san(const Position& pos) {
    return listed(pos, [](const Position& p, Move m) { return to_san(p, m); });
}

void check_perft_depth(int depth) {
    if (depth < 0 || depth > max_perft_depth)
        throw BindError{"bad-argument",
                        "depth must be between 0 and " + std::to_string(max_perft_depth)};
}

std::string joined(const std::vector<std::string>& texts, char separator) {
    std::string out;
    for (const auto& t : texts) {
        if (!out.empty()) out += separator;
        out += t;
    }
    return out;
}

} // namespace evo::wasm
