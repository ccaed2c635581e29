// Whether a move checks the enemy royal piece, decided before making it, so that pruning
// can spare checks. Rare special moves answer true: the search then simply tries them.
#pragma once

#include "core/position.h"

namespace evo::engine {

bool gives_check(const Position& pos, Move m);

// What a plain move needs to be judged quickly: worked out once for a position, then a move
// of a knight, bishop, rook, queen, pawn or a one-square king step is two bitboard tests.
struct CheckInfo {
    explicit CheckInfo(const Position& pos);
    Square royal;                          // the enemy's
    Bitboard squares[PieceTypeCount] = {}; // our unit of this type here attacks the royal
    Bitboard discoverers = 0; // our units that alone stand between our slider and the royal
};

// The same answer as gives_check(pos, m); `info` is CheckInfo(pos).
bool gives_check(const Position& pos, Move m, const CheckInfo& info);

} // namespace evo::engine
