// The player pages of the JSON API (docs/api.md, "Players and ratings"): GET
// /api/players/{name} and GET /api/leaderboard/{variant}.
#pragma once

#include "app/ratings/player_pages.h"
#include "route_table.h"

namespace evo::app {

// Adds the routes; the pages outlive the table.
void add_player_routes(RouteTable& routes, PlayerPages& players);

} // namespace evo::app
