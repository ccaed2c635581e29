// From a position where the opponent has just moved to a puzzle, or to nothing: the
// candidate test on the finder's scores, then the verification and the line (docs/puzzles.md).
#pragma once

#include "puzzle.h"
#include "puzzle_search.h"

#include "engine/engine.h"

#include "core/game.h"

#include <cstdint>
#include <optional>

namespace evo::puzzles {

struct FinderRules {
    int win_cp = 300;           // a decisive gain: about a minor piece, in the variant's pawns
    int before_below_cp = 300;  // the solver was not yet winning before the setting move
    int swing_cp = 250;         // and the setting move lost at least this much
    int unique_margin_cp = 200; // the second-best move is at least this much worse
    int quiet_gain_cp = 250;    // material won that ends a line once the position is quiet
    int max_solver_moves = 8;
    std::uint64_t verify_nodes = 200'000;
};

// Scores from the solver's point of view before and after the opponent's setting move.
// A mate for the solver when there was none before; or a winning score after a position
// that was not yet winning, lost by a swing of at least swing_cp.
bool is_candidate(const engine::Score& before, const engine::Score& after,
                  const FinderRules& rules);

// Is the best of `lines` (a search's two best, of the solver's position) the only move that
// wins? A mate in 1 always (every mate is accepted); a longer mate when the second is no
// mate or a mate at least two moves slower; a winning score when the second is unique_margin_cp
// worse and not winning itself.
bool only_winning_move(const std::vector<Line>& lines, const FinderRules& rules);

// The puzzle set up by `setting_move` from `before` (the opponent to move), verified and
// extended with `verifier` (cleared first); nothing when it does not hold, or when a
// one-line search of the first position ends on another move. The id, themes
// and rating are filled in; the origin is the caller's.
std::optional<Puzzle> find_puzzle(engine::Engine& verifier, const Position& before,
                                  Move setting_move, const FinderRules& rules);

// The rating formula (docs/puzzles.md); depths above 15 count as 15.
int estimate_rating(int solver_moves, int depth_needed, bool quiet_first_move, bool sacrifice);

} // namespace evo::puzzles
