// `go`: limits from the command, the search in the background, info and bestmove lines.
#include "uci.h"

#include "go_command.h"

#include "core/notation.h"
#include "engine/score_unit.h"

#include <vector>

namespace evo::uci {

std::string format_info(const Position& root, const engine::SearchInfo& info) {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                    " score " + engine::uci_score(engine::in_pawns(info.score, root.variant()));
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

// A `go` during a search first stops it, which answers its own `bestmove` (as Stockfish
// does): every `go` gets exactly one `bestmove`, for the position it was sent with.
void Session::go(std::string_view args) {
    finish_search();
    const Position& pos = game_->position();
    GoCommand command = parse_go(args, pos);
    if (!position_usable()) {
        if (!command.perft) out_.line("bestmove 0000"); // perft never answers bestmove
        return;
    }
    for (const std::string& error : command.errors) out_.line("info string " + error);
    if (command.perft) {
        if (command.perft_depth)
            perft_.start(pos, *command.perft_depth, [this](const std::string& l) { out_.line(l); });
        return;
    }
    // Use NNUE without a net for this variant: said once (until the reason changes), then
    // the hand-written evaluation searches as before.
    auto eval_problem = engine_.evaluation_problem(pos.variant());
    if (eval_problem && eval_problem != last_eval_problem_)
        out_.line("info string " + *eval_problem);
    last_eval_problem_ = eval_problem;
    const engine::Limits& limits = command.limits;
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
