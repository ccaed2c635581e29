// lichess's game export (docs/bots.md "Game export"): GET /game/export/{id}, one game, and GET
// /api/games/user/{username}, the games a player sat at, newest first and streamed; PGN by
// default, JSON (one game a line) with Accept: application/x-ndjson. A game is shown to whom
// the site shows it (GameService::exported).
#pragma once

#include "app/accounts/repository.h"
#include "app/accounts/service.h"
#include "app/game/service.h"
#include "app/lobby/challenge_repository.h"
#include "route_table.h"

namespace evo::app {

struct ExportRoutes {
    GameService& games;
    AccountRepository& accounts;
    ChallengeRepository& challenge_store;
    AccountService* sessions = nullptr; // who asks, by their cookie; none: nobody known
};

// Adds the routes; what `services` names outlives the table.
void add_export_routes(RouteTable& routes, ExportRoutes services);

} // namespace evo::app
