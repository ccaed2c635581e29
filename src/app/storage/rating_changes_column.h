// How a rated game's rating changes are read with the game: both seats' rows of the
// rating_history table gathered into one JSON text by the query ([["w", before, after],
// ["b", before, after]]), for a game's load and for a list of games alike.
#pragma once

#include "app/record/game_record.h"

#include <array>
#include <optional>
#include <string>

namespace evo::app {

// The two seats' changes; none unless the text holds both (an unrated or unfinished game).
std::optional<std::array<RatingChange, 2>>
rating_changes_from_json(const std::optional<std::string>& text);

} // namespace evo::app
