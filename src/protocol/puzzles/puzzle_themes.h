// The themes of a puzzle (docs/puzzles.md), each a small test on the solution's moves.
// `start` is the position after the opponent's setting move (the solver to move);
// `solution` alternates the solver's moves (even indices) and the opponent's replies.
#pragma once

#include "core/position.h"

#include <string>
#include <vector>

namespace evo::puzzles {

// Material of `side` minus the other side's, in centipawns of the variant's pawn (the
// engine's middlegame piece values; kings and Cthulhu count nothing).
int material_balance(const Position& pos, Color side);

// The first move takes a unit that nobody defends after the capture.
bool hanging_piece(const Position& pos, Move m);
// After the move, the moved unit attacks two or more enemy units, each either worth more
// than it (a king or Cthulhu always) or undefended.
bool fork(const Position& pos, Move m);
// A pawn (or the pawn a king follows) promotes on the last rank.
bool last_rank_promotion(const Position& pos, Move m);
// A promotion into the other colour (RULES 4.4).
bool other_colour_promotion(Move m);
// A pawn's minor promotion (RULES 2.4, 3.2, 3.4) or a rook right spent (2.5, 3.3).
bool evolution_promotion(const Position& pos, Move m);
// A rook right spent: the moving knight or bishop, or another one, becomes a rook.
bool rook_right_spent(const Position& pos, Move m);
// Cthulhu leaps two squares over an occupied square (RULES 4.1), or a king is crowned (4.2).
bool cthulhu_move(const Position& pos, Move m);
bool king_double_step(Move m);
bool follow_the_pawn(Move m);

// The positions of the line: positions[i] is the one before solution[i]; one more at the end.
std::vector<Position> line_positions(const Position& start, const std::vector<Move>& solution);

// The solver gives material first: after one of the opponent's replies (not the last
// move) the solver's material is more than a pawn below what it was at the start.
bool sacrifice(const std::vector<Position>& positions, Color solver);

// A solver's move captures a unit that a solver's bishop, rook or queen pins at that moment
// to a royal unit or to a unit worth more behind it.
bool pin(const std::vector<Position>& positions, const std::vector<Move>& solution);
// A solver's bishop, rook or queen moves to attack a royal unit or a unit worth more than
// the one behind it; the opponent moves the front unit away and the slider takes the other.
bool skewer(const std::vector<Position>& positions, const std::vector<Move>& solution);
// A solver's move opens the line of another solver slider onto an enemy royal unit
// (discovered check) or onto a unit that this slider takes later in the line.
bool discovered_attack(const std::vector<Position>& positions, const std::vector<Move>& solution);
// The first solver move is quiet (no capture, check or promotion) and parries a threat:
// had the solver passed, the opponent could mate at once or win at least a knight's worth by
// a capture (static exchange); after the move, neither.
bool defence(const Position& start, Move first);
// A solver's move that could have spent an evolution right (the same move with a minor,
// direct-rook or rook-right promotion is legal) and does not: the right is kept (EvoChess,
// `rightKept`) or, in EChess where a right lives for one move, lets it expire (`rightExpired`).
// The line is unique, so the refusal was the only winning choice.
bool declines_right(const Position& pos, Move m);

// Every theme of the line, in a fixed order.
std::vector<std::string> puzzle_themes(const Position& start, const std::vector<Move>& solution);

} // namespace evo::puzzles
