// The game routes of the JSON API (docs/api.md, "Games", "Live updates", "Chat"): GET
// /api/info, the lists and POST /api/games, and /api/games/{id} with its actions, PGN,
// events, engine and chat. Bodies are read into the game service's commands here.
#pragma once

#include "app/accounts/service.h"
#include "app/chat/service.h"
#include "app/game/service.h"
#include "app/tournaments/arena_service.h"
#include "creation_quota.h"
#include "request_origin.h"
#include "route_table.h"

namespace evo::app {

struct GameRoutes {
    GameService& games;
    const OriginRules& origin;
    CreationQuota& creation_quota;
    AccountService* accounts = nullptr; // none: nobody is known by cookies
    ChatService* chat = nullptr;        // needs accounts; none: no chat routes
    ArenaService* arenas = nullptr;     // none: no berserk route
};

// Adds the routes; what `services` names outlives the table.
void add_game_routes(RouteTable& routes, GameRoutes services);

} // namespace evo::app
