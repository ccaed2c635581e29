// The lobby's routes of the JSON API (docs/api.md, "Lobby", "Auto pairing", "Challenges"):
// /api/seeks, /api/autopairing, /api/challenges and the lobby's stream GET /api/lobby/events.
// Bodies are read into the lobby services' requests here (lobby_json.h).
#pragma once

#include "app/accounts/service.h"
#include "app/lobby/challenge_service.h"
#include "app/lobby/lobby.h"
#include "app/lobby/seek_service.h"
#include "route_table.h"

namespace evo::app {

struct LobbyRoutes {
    AccountService& accounts;               // who asks: the lobby is for players
    SeekService* seeks = nullptr;           // none: no seek or auto-pairing routes
    ChallengeService* challenges = nullptr; // none: no challenge routes
    Lobby* lobby = nullptr;                 // none: no lobby stream
};

// Adds the routes; what `services` names outlives the table.
void add_lobby_routes(RouteTable& routes, LobbyRoutes services);

} // namespace evo::app
