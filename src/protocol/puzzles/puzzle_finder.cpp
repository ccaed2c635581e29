#include "puzzle_finder.h"

#include "puzzle_themes.h"

#include "engine/see.h"

#include "core/movegen.h"
#include "core/notation.h"

#include <algorithm>

namespace evo::puzzles {

namespace {

constexpr int MaxProbeDepth = 30;

bool winning(const engine::Score& score, const FinderRules& rules) {
    return is_winning_mate(score) || (!score.is_mate() && score.value >= rules.win_cp);
}

bool game_over(const Game& game) {
    return game.result().over();
}

// Quiet: the side to move is not in check and has no capture that wins material.
bool quiet(const Position& pos) {
    if (pos.in_check()) return false;
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves)
        if (is_capture(pos, m) && engine::see_at_least(pos, m, 1)) return false;
    return true;
}

// How hidden the solution's first move is: the first depth from which a one-line search keeps
// it as its best with a winning score. Nothing when that search ends on another move (not
// both mates in 1): a second solution the two-line search missed.
std::optional<int> depth_needed(engine::Engine& engine, const Game& game, Move solution,
                                const FinderRules& rules) {
    engine.new_game();
    engine.set_option("MultiPV", "1");
    int last_miss = 0;
    engine::SearchInfo last;
    engine::Limits limits;
    limits.nodes = rules.verify_nodes;
    limits.depth = MaxProbeDepth;
    engine.search(game, limits, [&](const engine::SearchInfo& info) {
        if (info.lowerbound || info.upperbound || info.pv.empty()) return;
        last = info;
        if (info.pv[0] != solution || !winning(info.score, rules))
            last_miss = std::max(last_miss, info.depth);
    });
    if (last.pv.empty()) return std::nullopt;
    const bool mate_in_one = last.score.is_mate() && last.score.value == 1;
    if (last.pv[0] != solution && !mate_in_one) return std::nullopt;
    return std::min(last_miss + 1, std::max(last.depth, 1));
}

bool quiet_move(const Position& pos, Move m) {
    Position after = pos;
    StateInfo st;
    after.do_move(m, st);
    return !is_capture(pos, m) && !after.in_check() && !m.promotion().any();
}

} // namespace

bool is_candidate(const engine::Score& before, const engine::Score& after,
                  const FinderRules& rules) {
    if (is_winning_mate(after)) return !is_winning_mate(before);
    if (after.is_mate() || after.value < rules.win_cp) return false;
    if (before.is_mate()) return before.value < 0; // the solver was lost, now wins
    return before.value < rules.before_below_cp && after.value - before.value >= rules.swing_cp;
}

bool only_winning_move(const std::vector<Line>& lines, const FinderRules& rules) {
    if (lines.empty() || !winning(lines[0].score, rules)) return false;
    const engine::Score& best = lines[0].score;
    if (best.is_mate() && best.value == 1) return true;
    if (lines.size() < 2) return false; // one legal move: nothing to find
    const engine::Score& second = lines[1].score;
    // A mate two or more moves slower does not solve a mate in N.
    if (best.is_mate()) return !is_winning_mate(second) || second.value >= best.value + 2;
    return !second.is_mate() && second.value <= best.value - rules.unique_margin_cp &&
           second.value < rules.win_cp;
}

std::optional<Puzzle> find_puzzle(engine::Engine& verifier, const Position& before,
                                  Move setting_move, const FinderRules& rules) {
    verifier.new_game();
    Game game(before);
    game.play(setting_move);
    if (game_over(game)) return std::nullopt;
    const Position start = game.position();
    const Color solver = start.side_to_move();
    const int start_material = material_balance(start, solver);

    if (count_legal(start) < 2) return std::nullopt; // a forced move is no puzzle
    std::vector<Line> lines = best_lines(verifier, game, rules.verify_nodes, 2);
    if (!only_winning_move(lines, rules)) return std::nullopt;
    const bool mate_puzzle = is_winning_mate(lines[0].score);

    std::vector<Move> solution;
    while (true) {
        Move best = lines[0].move;
        game.play(best);
        solution.push_back(best);
        const int solver_moves = int(solution.size() + 1) / 2;
        if (game_over(game)) {
            if (game.result().reason != EndReason::Checkmate) return std::nullopt;
            break;
        }
        const bool gained =
            material_balance(game.position(), solver) - start_material >= rules.quiet_gain_cp;
        if (!mate_puzzle && gained && quiet(game.position())) break;
        if (solver_moves >= rules.max_solver_moves) {
            if (mate_puzzle || !gained) return std::nullopt;
            break;
        }
        std::vector<Line> reply = best_lines(verifier, game, rules.verify_nodes, 1);
        if (reply.empty()) return std::nullopt;
        game.play(reply[0].move);
        solution.push_back(reply[0].move);
        if (game_over(game)) return std::nullopt;
        lines = best_lines(verifier, game, rules.verify_nodes, 2);
        if (mate_puzzle) {
            if (lines.empty() || !is_winning_mate(lines[0].score)) return std::nullopt;
            if (!only_winning_move(lines, rules)) return std::nullopt;
            continue;
        }
        if (!lines.empty() && winning(lines[0].score, rules) && only_winning_move(lines, rules))
            continue;
        // More than one good move: the line ends at the solver's last move if it won enough.
        if (!gained || lines.empty() || !winning(lines[0].score, rules)) return std::nullopt;
        solution.pop_back();
        break;
    }

    Puzzle puzzle;
    puzzle.variant = std::string(before.variant().name);
    puzzle.fen = before.fen();
    puzzle.moves.push_back(to_uci(before, setting_move));
    std::vector<std::string> uci = to_uci_line(start, solution);
    puzzle.moves.insert(puzzle.moves.end(), uci.begin(), uci.end());
    puzzle.themes = puzzle_themes(start, solution);
    const bool sacrificed =
        std::find(puzzle.themes.begin(), puzzle.themes.end(), "sacrifice") != puzzle.themes.end();
    Game solver_start(before);
    solver_start.play(setting_move);
    std::optional<int> depth = depth_needed(verifier, solver_start, solution[0], rules);
    if (!depth) return std::nullopt;
    puzzle.rating = estimate_rating(int(solution.size() + 1) / 2, *depth,
                                    quiet_move(start, solution[0]), sacrificed);
    puzzle.id = puzzle_id(puzzle.variant, puzzle.fen, puzzle.moves);
    return puzzle;
}

int estimate_rating(int solver_moves, int depth_needed, bool quiet_first_move, bool sacrifice) {
    int rating = 700 + 250 * (solver_moves - 1) + 60 * (std::min(depth_needed, 15) - 1) +
                 (quiet_first_move ? 200 : 0) + (sacrifice ? 150 : 0);
    return std::clamp(rating, 400, 3000);
}

} // namespace evo::puzzles
