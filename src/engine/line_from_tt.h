// A principal variation cut short (the root failed high and the search stopped before its
// re-search, so the new best move has no reply yet) is continued from the transposition
// table, as Stockfish does for its ponder move: a GUI's line, the app's arrows and the
// ponder move then show more than the move itself.
#pragma once

#include "tt.h"

#include "core/position.h"

#include <vector>

namespace evo::engine {

// How long a line this makes at most: a few plies are enough to read the idea, and table
// entries further down are less likely to belong to the line searched.
constexpr std::size_t ExtendedLineLength = 6;

// `line` (legal from `root`, not empty) followed by the table's best moves while they are
// legal, no position repeats and the line is shorter than `max_length`.
std::vector<Move> extend_line_from_tt(const Position& root, std::vector<Move> line,
                                      const TranspositionTable& tt,
                                      std::size_t max_length = ExtendedLineLength);

} // namespace evo::engine
