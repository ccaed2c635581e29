// The JSON API's routes (docs/api.md) and the UI's files: turns an HttpRequest into a call
// of the game service and its answer or error into an HttpResponse, in one guarded place.
#pragma once

#include "app/accounts/api_tokens.h"
#include "app/accounts/service.h"
#include "app/bots/bot_streams.h"
#include "app/chat/service.h"
#include "app/game/service.h"
#include "app/lobby/challenge_service.h"
#include "app/lobby/lobby.h"
#include "app/lobby/seek_service.h"
#include "app/puzzles/service.h"
#include "app/ratings/player_pages.h"
#include "app/tournaments/arena_service.h"
#include "creation_quota.h"
#include "message.h"
#include "request_origin.h"

#include <string>
#include <vector>

namespace evo::app {

struct RouterOptions {
    // The names and origin requests must come by.
    OriginRules origin;
    // The built UI; empty or missing: "/" explains how to build it.
    std::string web_dir;
    // New games (POST /api/games) at most; none by default (`serve` sets its own).
    CreationLimits game_creation;
    // Players' accounts and sessions (account_routes.h); none: those routes answer 404.
    AccountService* accounts = nullptr;
    // The lobby's seeks (needs `accounts`, for who asks); none: those routes answer 404.
    SeekService* seeks = nullptr;
    // Player pages and leaderboards; none: those routes answer 404.
    PlayerPages* players = nullptr;
    // Challenges between players (needs `accounts`); none: those routes answer 404.
    ChallengeService* challenges = nullptr;
    // The lobby's event stream (needs `accounts`); none: GET /api/lobby/events answers 404.
    Lobby* lobby = nullptr;
    // The games' chat (needs `accounts`); none: /api/games/{id}/chat answers 404.
    ChatService* chat = nullptr;
    // The puzzles (puzzle_service.h); none: the /api/puzzles routes answer 404.
    PuzzleService* puzzles = nullptr;
    // lichess's API for programs (bot_routes.h; needs accounts and challenges): the tokens,
    // the accounts' store and the challenges' (by their lichess ids), the streams; none: those
    // routes answer 404.
    ApiTokens* api_tokens = nullptr;
    AccountRepository* account_store = nullptr;
    ChallengeRepository* challenge_store = nullptr;
    BotStreams* bot_streams = nullptr;
    // Arenas (tournament_routes.h; needs accounts and api_tokens); none: those routes
    // answer 404.
    ArenaService* arenas = nullptr;
};

RequestHandler make_request_handler(GameService& service, RouterOptions options);

} // namespace evo::app
