// Auto pairing, "any of these variants and clocks" (docs/api.md "Auto pairing", as
// pychess-variants has it): a player names several (variant, clock) combinations at once; the
// entry is stored as one seek per combination sharing one group (seek_repository.h), so a
// person may accept any of them and the server may pair it with another player's seek or
// entry asking the same game. Here: reading an entry's request, and which seeks pair.
#pragma once

#include "offer.h"
#include "seek_repository.h"

#include <cstddef>
#include <vector>

namespace evo::app {

// The most combinations one entry may name.
constexpr std::size_t max_auto_combinations = 24;

// Whether two offers are of the same game: variant, clock and rated alike (an entry keeps one
// of each).
bool same_offer(const GameOffer& a, const GameOffer& b);

// Whether two seeks ask for the same game: variant, clock and rated alike, and colours that
// fit together (one random, or one White and one Black).
bool same_game_asked(const SeekRecord& a, const SeekRecord& b);

// Whether a player of `rating` in the seek's variant is within its rating range (none: yes).
bool in_rating_range(const SeekRecord& seek, int rating);

} // namespace evo::app
