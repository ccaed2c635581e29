// The engine's view of a position for the miner: its best lines, scores in the variant's
// pawns (score_unit.h), and one number to compare scores by.
#pragma once

#include "engine/engine.h"

#include "core/game.h"

#include <cstdint>
#include <vector>

namespace evo::puzzles {

struct Line {
    Move move = Move::none();
    engine::Score score; // centipawns of the variant's pawn, or moves to mate
    int depth = 0;
};

// The best `count` moves of the game's position by a single-threaded search of `nodes`
// nodes, best first (fewer when there are fewer legal moves; empty when there are none).
// The lines of the last iteration that finished for all of them.
std::vector<Line> best_lines(engine::Engine& engine, const Game& game, std::uint64_t nodes,
                             int count);

// Scores on one scale: a mate for the side to move above every centipawn score (sooner
// higher), being mated below every one.
int comparable(const engine::Score& score);

// The same score from the other side's point of view.
engine::Score negated(const engine::Score& score);

bool is_winning_mate(const engine::Score& score);

// An engine for the miner: one thread, a small table, full strength.
void configure_for_mining(engine::Engine& engine);

} // namespace evo::puzzles
