// Search scores: centipawns from the side to move's point of view, with mate scores at the
// top of the range so that a shorter mate always scores higher.
#pragma once

#include "core/types.h"

#include <cstdint>

namespace evo::engine {

using Value = int;

constexpr int MaxPly = 128;

constexpr Value ValueZero = 0;
constexpr Value ValueMate = 32000;
constexpr Value ValueInfinite = 32001;
constexpr Value ValueNone = 32002;
// Anything at or above this is a forced game end (mate, or a draw that RULES 4.11 turns
// into a win) within MaxPly plies.
constexpr Value ValueMateInMaxPly = ValueMate - MaxPly;

constexpr Value mate_in(int ply) {
    return ValueMate - ply;
}
constexpr Value mated_in(int ply) {
    return -ValueMate + ply;
}
constexpr bool is_decisive(Value v) {
    return v >= ValueMateInMaxPly || v <= -ValueMateInMaxPly;
}

// Rough piece values for ordering, SEE and pruning margins (the evaluation has its own).
// Royal pieces get a huge value: capturing one never happens, attacking with one is last.
constexpr Value SeeValue[PieceTypeCount] = {0, 100, 320, 330, 500, 950, 20000, 20000};

} // namespace evo::engine
