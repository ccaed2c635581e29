// lichess's API for programs (docs/bots.md): personal API tokens (POST/GET/DELETE /api/tokens,
// POST /api/token/test), the account (GET /api/account, /api/account/playing, POST
// /api/bot/account/upgrade), the event and game streams, the game actions of the Bot API
// (/api/bot/game/...) and the Board API (/api/board/game/...), challenges (/api/challenge/...),
// users (/api/user/{name}, /api/users/status, /api/bot/online), and a person's lobby seek
// (POST /api/board/seek). Same paths, bodies (form or
// JSON), status codes and NDJSON shapes as lichess's; the rules are the services'.
#pragma once

#include "app/accounts/api_tokens.h"
#include "app/accounts/service.h"
#include "app/bots/bot_streams.h"
#include "app/chat/service.h"
#include "app/game/service.h"
#include "app/lobby/challenge_service.h"
#include "app/lobby/lobby.h"
#include "app/lobby/seek_service.h"
#include "app/tournaments/arena_service.h"
#include "route_table.h"

namespace evo::app {

struct BotRoutes {
    AccountService& sessions;
    AccountRepository& accounts;
    ApiTokens& tokens;
    GameService& games;
    ChallengeService& challenges;
    ChallengeRepository& challenge_store;
    BotStreams& streams;
    ChatService* chat = nullptr;
    // POST /api/board/seek's (and a person's event stream keeping their seeks in the lobby);
    // none: that route answers 404.
    SeekService* seeks = nullptr;
    Lobby* lobby = nullptr;
    ArenaService* arenas = nullptr; // none: no berserk route
};

// Adds the routes; what `services` names outlives the table.
void add_bot_routes(RouteTable& routes, BotRoutes services);

// A form body ("a=1&b=x%20y") or a JSON object's fields, nested objects as dotted names
// ({"clock": {"limit": 60}} is "clock.limit"), values as text (true: "true").
std::map<std::string, std::string> lichess_fields(const HttpRequest& request);

// The account a name in lichess's paths names; none when there is none (or it is not a name's
// form, app/accounts/account_name.h: never looked up).
std::optional<AccountRecord> lichess_account_named(AccountRepository& accounts,
                                                   const std::string& name);

} // namespace evo::app
