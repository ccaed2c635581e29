// `go`: limits from the command, the search in the background, info and bestmove lines.
#include "uci.h"

#include "core/notation.h"
#include "core/perft.h"

#include <charconv>
#include <vector>

namespace evo::uci {

namespace {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

template <class T> bool parse_number(std::string_view text, T& value) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

} // namespace

std::string format_info(const Position& root, const engine::SearchInfo& info) {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                    " score " + engine::uci_score(info.score);
    if (info.lowerbound)
        s += " lowerbound";
    else if (info.upperbound)
        s += " upperbound";
    s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) +
         " hashfull " + std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
    std::vector<std::string> pv = to_uci_line(root, info.pv);
    if (!pv.empty()) s += " pv";
    for (const std::string& move : pv) s += ' ' + move;
    return s;
}

void Session::go(std::string_view args) {
    if (engine_.searching()) {
        out_.line("info string already searching; 'go' ignored");
        return;
    }
    engine_.wait(); // a finished search's thread
    std::vector<std::string_view> w = words(args);
    engine::Limits limits;
    const Position& pos = game_->position();
    bool malformed = false;
    for (std::size_t i = 0; i < w.size() && !malformed; ++i) {
        std::string_view key = w[i];
        auto number = [&](auto& value) {
            if (i + 1 < w.size() && parse_number(w[i + 1], value)) {
                ++i;
                return true;
            }
            out_.line("info string 'go " + std::string(key) + "' needs a number; 'go' ignored");
            malformed = true;
            return false;
        };
        std::int64_t n = 0;
        if (key == "infinite")
            limits.infinite = true;
        else if (key == "ponder")
            limits.ponder = true;
        else if (key == "depth") {
            int d = 0;
            if (number(d)) limits.depth = d;
        } else if (key == "nodes") {
            std::uint64_t nodes = 0;
            if (number(nodes)) limits.nodes = nodes;
        } else if (key == "movetime") {
            if (number(n)) limits.movetime_ms = n;
        } else if (key == "wtime") {
            if (number(n)) limits.time_ms[White] = n;
        } else if (key == "btime") {
            if (number(n)) limits.time_ms[Black] = n;
        } else if (key == "winc") {
            if (number(n)) limits.increment_ms[White] = n;
        } else if (key == "binc") {
            if (number(n)) limits.increment_ms[Black] = n;
        } else if (key == "movestogo") {
            int m = 0;
            if (number(m)) limits.moves_to_go = m;
        } else if (key == "mate") {
            int m = 0;
            if (number(m)) limits.depth = 2 * m + 1;
        } else if (key == "perft") {
            int depth = 0;
            if (!number(depth)) return;
            if (depth < 1 || depth > 20) {
                out_.line("info string perft depth must be between 1 and 20");
                return;
            }
            Position copy = pos;
            PerftDivide divide = perft_divide(copy, depth);
            for (const auto& [move, nodes] : divide.moves)
                out_.line(move + ": " + std::to_string(nodes));
            out_.line("");
            out_.line("Nodes searched: " + std::to_string(divide.total));
            return;
        } else if (key == "searchmoves") {
            while (i + 1 < w.size()) {
                auto m = parse_uci_move(pos, w[i + 1]);
                if (!m) break;
                limits.search_moves.push_back(*m);
                ++i;
            }
        } else {
            out_.line("info string unknown 'go' parameter '" + std::string(key) + "' ignored");
        }
    }

    if (malformed) return;
    // The root is copied for the info lines: the game may change during the search.
    auto root = std::make_shared<Position>(pos);
    engine_.start_search(
        *game_, limits,
        [this, root](const engine::SearchInfo& info) { out_.line(format_info(*root, info)); },
        [this, root](const engine::SearchResult& result) {
            if (result.best_move.is_none()) {
                out_.line("bestmove (none)");
                return;
            }
            std::string line = "bestmove " + to_uci(*root, result.best_move);
            if (!result.ponder_move.is_none()) {
                Position after = *root;
                StateInfo st;
                after.do_move(result.best_move, st);
                line += " ponder " + to_uci(after, result.ponder_move);
            }
            out_.line(line);
        });
}

} // namespace evo::uci
