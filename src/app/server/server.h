// `evochess serve`: the web UI and JSON API, games kept in SQLite or PostgreSQL (docs/api.md,
// docs/deploy.md for serving it to others).
#pragma once

#include "app/analysis/engine_port.h"
#include "app/bots/house_bots.h"
#include "app/http/creation_quota.h"
#include "app/http/server.h"
#include "app/tournaments/arena_schedule.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct ServeOptions {
    std::string host = "127.0.0.1"; // the address to listen on; others only when asked
    int port = 8080;                // 0: any free port (the address printed says which)
    // The address people reach the server at (a reverse proxy's), for the links it makes;
    // empty: http://HOST:PORT.
    std::string public_url;
    std::string data_dir; // empty: $XDG_DATA_HOME/evochess, else ~/.local/share/evochess
    // sqlite:PATH, or a PostgreSQL connection string (game_storage.h); empty: SQLite in
    // data_dir. On PostgreSQL several processes may serve one database.
    std::string database;
    std::string web_dir; // empty: $EVOCHESS_WEB_DIR, else the web/dist this binary was built beside
    // The puzzles (VARIANT.jsonl files, docs/puzzles.md); empty: $EVOCHESS_PUZZLES_DIR, else
    // the puzzles/ of the source this binary was built from.
    std::string puzzles_dir;
    ServerLimits limits;
    // New games at most: a minute's worth at once, then steadily (docs/deploy.md).
    CreationLimits game_creation{600, 60};
    // How long a player must be gone before the opponent may claim the game.
    int claim_after_seconds = 30;
    // Engine searches one client may run at once (as many more may wait); 0: no share.
    // Unset: 1 on a server open to others, no share on loopback (one person's own server).
    std::optional<std::size_t> engine_per_client;
    // The longest one search may take. Unset: 10 s open to others, 60 s on loopback.
    std::optional<int> max_engine_ms;
    SearchFunction search; // empty: the server runs without an engine
    // How long a seek's maker may be gone from the lobby before their seeks go.
    int lobby_grace_seconds = 20;
    // The house bots (bots/house_bots.h): their account names, made ready once the server
    // listens and handed with their tokens and the server's port to `run_house_bots`, which
    // starts them as clients of the Bot API and answers what stops them (called before the
    // server stops). None without the function.
    std::vector<std::string> house_bots;
    // The site's own tournaments (`--schedule`), announced by the process that pairs.
    std::vector<ScheduledArena> arena_schedule;
    std::function<std::function<void()>(int port, const std::vector<HouseBotAccount>& bots)>
        run_house_bots;
};

// Serves until SIGINT or SIGTERM; prints the address it listens on. Answers the exit code.
int run_server(const ServeOptions& options);

} // namespace evo::app
