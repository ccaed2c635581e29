// The JSON of the player pages (docs/api.md, "Players and ratings"): PlayerPages' typed views
// written as the API and the web client have them. Ratings are shown to the hundredth.
#pragma once

#include "app/ratings/player_pages.h"

#include <nlohmann/json.hpp>

namespace evo::app {

// {"rating", "rd", "volatility", "games", "wins", "draws", "losses", "provisional"}.
nlohmann::json player_rating_json(const StoredRating& rating);
// {"id", "variant", "colour", "opponent", "rated", "result", "reason", "outcome", "ended"}; the
// optional ones null when none.
nlohmann::json player_game_json(const PlayerGame& game);
// {"name", "created_ms", "ratings": {variant: ...}, "history": {variant: [{"game_id", "rating",
// "rd", "change", "ended_ms"}]}, "recent_games": [...]}.
nlohmann::json player_page_json(const PlayerPage& page);
// {"variant", "cut_off": {"rd_at_most", "played_within_days"}, "players": [{"rank", "name" and
// the rating's fields}]}.
nlohmann::json leaderboard_json(const Leaderboard& board);

} // namespace evo::app
