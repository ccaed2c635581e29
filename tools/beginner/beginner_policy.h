// The scripted beginner of issue 23, item 8: the opponent a first level is measured against,
// playing as a real beginner does. It mates at once when it can, else takes the most valuable
// unit it can (never asking whether that unit is defended), and otherwise plays a random move:
// it never looks at what its move leaves hanging or what the other side threatens.
#pragma once

#include "core/position.h"

#include <random>

namespace evo::beginner {

// A piece's worth to a beginner, in pawns: the textbook 1-3-3-5-9.
int unit_worth(PieceType type);

// The move the beginner plays; none when there is no legal move. Random choices pick a
// unit's destination first and then, among the moves to that square (promotions, evolution
// choices), one of them, so that a pawn with twenty evolution choices is not twenty times
// likelier to move than a knight.
Move beginner_move(const Position& pos, std::mt19937_64& rng);

} // namespace evo::beginner
