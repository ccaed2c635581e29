// lichess's arena API (docs/tournaments.md, "API"): POST /api/tournament, GET /api/tournament,
// GET /api/tournament/{id}, POST /api/tournament/{id}/join, /withdraw and /terminate,
// GET /api/tournament/{id}/results and /games. A program calls with an API token (scope
// tournament:write to make, join, withdraw and end events); the site's pages with their
// session cookie. Reading needs neither.
#pragma once

#include "app/accounts/api_tokens.h"
#include "app/accounts/service.h"
#include "app/tournaments/arena_service.h"
#include "route_table.h"

namespace evo::app {

struct TournamentRoutes {
    ArenaService& arenas;
    AccountService& sessions;
    AccountRepository& accounts;
    ApiTokens& tokens;
    const Clock& clock;
};

// Adds the routes; what `services` names outlives the table.
void add_tournament_routes(RouteTable& routes, TournamentRoutes services);

} // namespace evo::app
