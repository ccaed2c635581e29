// `evochess serve`: the browser UI and JSON API (docs/api.md); docs/deploy.md for a server
// open to others.
#include "command.h"

#include "app/server/server.h"
#include "app/tournaments/arena_schedule_file.h"
#include "core/variant.h"
#include "engine/levels.h"
#include "protocol/bot/bot_runner.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <thread>

namespace evo::cli {

namespace {

// A house bot's account name: "EvoBot-" and its level's name without spaces ("EvoBot-Club").
std::string house_bot_name(int level) {
    std::string name = "EvoBot-";
    for (char c : engine::level(level).name)
        if (c != ' ') name.push_back(c);
    return name;
}

// Where a house bot reaches its server: the loopback when the server listens on every
// address (or on the loopback), else the one address it listens on.
std::string house_bot_host(const std::string& host) {
    if (host == "0.0.0.0" || host.rfind("127.", 0) == 0) return "127.0.0.1";
    if (host == "::" || host == "::1") return "[::1]";
    return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

struct HouseBotSettings {
    std::vector<int> levels;
    int games = 2;
};

// Starts each house bot as `evochess bot` would, on a thread of its own, playing every
// variant the registry has; answers what stops them all.
std::function<void()> run_house_bots(const std::string& host, int port,
                                     const std::vector<app::HouseBotAccount>& accounts,
                                     const HouseBotSettings& settings) {
    auto address =
        bot::parse_server_url("http://" + house_bot_host(host) + ":" + std::to_string(port));
    if (!address) {
        std::cerr << "evochess serve: no house bots: " << address.error() << '\n';
        return [] {};
    }
    struct Running {
        std::vector<std::unique_ptr<bot::BotRunner>> runners;
        std::vector<std::thread> threads;
    };
    auto running = std::make_shared<Running>();
    std::vector<std::string> every_variant;
    for (const Variant* variant : all_variants())
        every_variant.push_back(std::string(variant->name));
    for (std::size_t i = 0; i < accounts.size() && i < settings.levels.size(); ++i) {
        bot::BotOptions options;
        options.level = settings.levels[i];
        options.policy.max_games = settings.games;
        options.policy.variants = every_variant;
        running->runners.push_back(std::make_unique<bot::BotRunner>(
            bot::LichessClient(*address, accounts[i].token), options, std::cout));
    }
    for (auto& runner : running->runners)
        running->threads.emplace_back([runner = runner.get()] {
            if (auto outcome = runner->run(); !outcome)
                std::cerr << "evochess serve: house bot " << runner->name() << ": "
                          << outcome.error() << '\n';
        });
    return [running] {
        for (auto& runner : running->runners) runner->stop();
        for (auto& thread : running->threads) thread.join();
    };
}

const RegisterCommand serve_registration{
    "serve", [](CLI::App& app) -> std::function<int()> {
        auto* serve = app.add_subcommand(
            "serve", "serve the web UI and JSON API, games kept in SQLite or PostgreSQL");
        auto options = std::make_shared<app::ServeOptions>();
        serve
            ->add_option("--host", options->host,
                         "address to listen on; anything but 127.0.0.1 opens the server to "
                         "others (docs/deploy.md)")
            ->capture_default_str();
        serve->add_option("--port", options->port, "port (0: any free port)")
            ->check(CLI::Range(0, 65535))
            ->capture_default_str();
        serve->add_option("--public-url", options->public_url,
                          "the address people reach the server at (behind a reverse proxy), "
                          "for invite links; default http://HOST:PORT");
        serve->add_option("--data", options->data_dir,
                          "directory of games.sqlite3 (default $XDG_DATA_HOME/evochess or "
                          "~/.local/share/evochess)");
        serve->add_option("--database", options->database,
                          "where games are kept: sqlite:PATH, or a PostgreSQL connection string "
                          "(postgresql://USER@HOST/DB or host=... dbname=...; several serve "
                          "processes may share it); default: SQLite in --data");
        serve->add_option("--web", options->web_dir,
                          "directory of the built UI (default: web/dist of this build)");
        serve->add_option("--puzzles", options->puzzles_dir,
                          "directory of the puzzles, VARIANT.jsonl files (default: the "
                          "puzzles/ of this build's source, or $EVOCHESS_PUZZLES_DIR)");
        serve
            ->add_option("--claim-after", options->claim_after_seconds,
                         "seconds an online player must be gone before the opponent may claim "
                         "the game")
            ->check(CLI::Range(1, 86400))
            ->capture_default_str();
        serve
            ->add_option("--lobby-grace", options->lobby_grace_seconds,
                         "seconds a seek's maker may be gone from the lobby before their seeks "
                         "are removed")
            ->check(CLI::Range(1, 86400))
            ->capture_default_str();
        auto& limits = options->limits;
        serve->add_option("--max-connections", limits.max_connections, "open connections at most")
            ->check(CLI::Range(std::size_t(1), std::size_t(1000000)))
            ->capture_default_str();
        serve
            ->add_option("--max-connections-per-address", limits.max_connections_per_address,
                         "open connections from one client address at most")
            ->check(CLI::Range(std::size_t(1), std::size_t(1000000)))
            ->capture_default_str();
        serve
            ->add_option("--rate-limit", limits.requests_per_second,
                         "requests per second one client address may send, sustained "
                         "(bursts of four times that); 0: no limit")
            ->check(CLI::Range(0.0, 1e6))
            ->capture_default_str();
        serve
            ->add_option("--games-per-minute", options->game_creation.per_minute,
                         "new games a minute from all clients together, sustained (bursts of "
                         "a minute's worth); 0: no limit")
            ->check(CLI::Range(0.0, 1e6))
            ->capture_default_str();
        serve
            ->add_option("--games-per-minute-per-address",
                         options->game_creation.per_minute_per_address,
                         "new games a minute from one client address, sustained (bursts of a "
                         "minute's worth); 0: no limit")
            ->check(CLI::Range(0.0, 1e6))
            ->capture_default_str();
        serve->add_flag("--trust-proxy", limits.trust_forwarded_for,
                        "take the client's address from X-Forwarded-For (only behind your own "
                        "reverse proxy)");
        serve
            ->add_option("--engine-per-client", options->engine_per_client,
                         "engine searches (moves and analyses) one client address may run at "
                         "once, as many more waiting; 0: no limit (default: 1 when open to "
                         "others, else 0)")
            ->check(CLI::Range(std::size_t(0), std::size_t(1000)));
        serve
            ->add_option("--max-engine-ms", options->max_engine_ms,
                         "the longest one engine search may take, in ms (default: 10000 when "
                         "open to others, else 60000)")
            ->check(CLI::Range(100, 60000));
        auto house_bots = std::make_shared<HouseBotSettings>();
        serve
            ->add_option("--house-bots", house_bots->levels,
                         "levels of the site's own bots, 1 (weakest) to 8 (full strength), "
                         "comma-separated: each plays every variant by challenge, as "
                         "EvoBot-LEVELNAME (docs/bots.md)")
            ->delimiter(',')
            ->check(CLI::Range(1, 8));
        serve
            ->add_option("--house-bot-games", house_bots->games,
                         "games at once each house bot plays at most")
            ->check(CLI::Range(1, 64))
            ->capture_default_str();
        auto schedule_file = std::make_shared<std::string>();
        serve->add_option("--schedule", *schedule_file,
                          "the site's own tournaments, an INI file (docs/tournaments.md, \"The "
                          "schedule\"); 'none': no scheduled events; default: an hourly arena "
                          "rotating through the variants and a daily EvoChess arena");
        auto without_engine = std::make_shared<bool>(false);
        serve->add_flag("--no-engine", *without_engine,
                        "run without the engine: no games against it and no analysis on the "
                        "server (the web app analyses in the player's browser)");
        return [options, without_engine, house_bots, schedule_file] {
            if (schedule_file->empty()) {
                options->arena_schedule = app::default_arena_schedule();
            } else if (*schedule_file != "none") {
                auto schedule = app::load_arena_schedule(*schedule_file);
                if (!schedule) {
                    std::fprintf(stderr, "error: %s\n", schedule.error().message().c_str());
                    return 2;
                }
                options->arena_schedule = std::move(schedule.value());
            }
            options->limits.request_burst = std::max(1.0, 4 * options->limits.requests_per_second);
            if (!*without_engine) options->search = app::built_in_search();
            std::vector<int> levels;
            for (int level : house_bots->levels)
                if (std::find(levels.begin(), levels.end(), level) == levels.end())
                    levels.push_back(level);
            for (int level : levels) options->house_bots.push_back(house_bot_name(level));
            house_bots->levels = levels;
            options->run_house_bots = [host = options->host, house_bots](
                                          int port, const std::vector<app::HouseBotAccount>& bots) {
                return run_house_bots(host, port, bots, *house_bots);
            };
            return app::run_server(*options);
        };
    }};

} // namespace

} // namespace evo::cli
