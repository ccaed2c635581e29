// Whether a move checks the enemy royal piece, decided before making it, so that pruning
// can spare checks. Rare special moves answer true: the search then simply tries them.
#pragma once

#include "core/position.h"

namespace evo::engine {

bool gives_check(const Position& pos, Move m);

} // namespace evo::engine
