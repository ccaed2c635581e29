// Auto pairing, "any of these variants and clocks" (docs/api.md "Auto pairing", as
// pychess-variants has it): a player names several (variant, clock) combinations at once; the
// entry is stored as one seek per combination sharing one group (seek_repository.h), so a
// person may accept any of them and the server may pair it with another player's seek or
// entry asking the same game. Here: reading an entry's request, and which seeks pair.
#pragma once

#include "game_offer.h"
#include "seek_repository.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <vector>

namespace evo::app {

// The most combinations one entry may name.
constexpr std::size_t max_auto_combinations = 24;

// {"combinations": [{"variant", "clock"}, ...], "rated"}: one offer per combination, in the
// order given, duplicates dropped, each with a random colour; ApiErrors for what is wrong
// (400), and rated from a visitor (403), as read_game_offer.
std::vector<GameOffer> read_auto_combinations(const nlohmann::json& body, const Player& maker);

// Whether two seeks ask for the same game: variant, clock and rated alike, and colours that
// fit together (one random, or one White and one Black).
bool same_game_asked(const SeekRecord& a, const SeekRecord& b);

// Whether a player of `rating` in the seek's variant is within its rating range (none: yes).
bool in_rating_range(const SeekRecord& seek, int rating);

} // namespace evo::app
