// Static exchange evaluation: does a capture sequence on the target square win at least
// `threshold`, when both sides always recapture with their least valuable unit?
#pragma once

#include "value.h"

#include "core/position.h"

namespace evo::engine {

bool see_at_least(const Position& pos, Move m, Value threshold);

} // namespace evo::engine
