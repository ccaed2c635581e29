#include "server.h"

#include "app/accounts/crypto.h"
#include "app/game/service.h"
#include "app/http/api.h"
#include "app/http/lichess_json.h"
#include "app/http/stream_text.h"
#include "app/puzzles/service.h"
#include "storage.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <pthread.h>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#ifndef EVOCHESS_PUZZLES_DIR
#define EVOCHESS_PUZZLES_DIR ""
#endif
#ifndef EVOCHESS_WEB_DIST_DIR
#define EVOCHESS_WEB_DIST_DIR ""
#endif

namespace evo::app {

namespace fs = std::filesystem;

namespace {

std::string default_data_dir() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "evochess").string();
    if (const char* home = std::getenv("HOME"); home && *home)
        return (fs::path(home) / ".local" / "share" / "evochess").string();
    return "evochess-data";
}

std::string default_web_dir() {
    if (const char* dir = std::getenv("EVOCHESS_WEB_DIR"); dir && *dir) return dir;
    return EVOCHESS_WEB_DIST_DIR;
}

std::string default_puzzles_dir() {
    if (const char* dir = std::getenv("EVOCHESS_PUZZLES_DIR"); dir && *dir) return dir;
    return EVOCHESS_PUZZLES_DIR;
}

constexpr int open_server_max_engine_ms = 10000;

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "::1" || host.rfind("127.", 0) == 0;
}

// The host name of a URL such as https://chess.example.org:8443/ -> chess.example.org.
std::string url_host(const std::string& url) {
    std::size_t start = url.find("://");
    start = start == std::string::npos ? 0 : start + 3;
    std::string rest = url.substr(start, url.find('/', start) - start);
    if (!rest.empty() && rest.front() == '[') return rest.substr(0, rest.find(']') + 1);
    return rest.substr(0, rest.find(':'));
}

std::string without_trailing_slash(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
}

// Each connection is a descriptor: take all the system lets this process have.
void raise_descriptor_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

int run_server(const ServeOptions& given) {
    ServeOptions options = given;
    if (options.data_dir.empty()) options.data_dir = default_data_dir();
    if (options.web_dir.empty()) options.web_dir = default_web_dir();
    if (options.puzzles_dir.empty()) options.puzzles_dir = default_puzzles_dir();

    auto opened = open_game_storage(choose_database(options.database, options.data_dir), std::cerr);
    if (const int* status = std::get_if<int>(&opened)) return *status;
    OpenedStorage& storage = std::get<OpenedStorage>(opened);
    GameRepository& store = *storage.repository;
    if (!fs::is_regular_file(fs::path(options.web_dir) / "index.html"))
        std::cerr << "evochess serve: no web UI at '" << options.web_dir
                  << "'; build it with `npm ci && npm run build` in web/ (the API works without "
                     "it)\n";

    // Signals are taken by one thread (sigwait); every other thread blocks them.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    raise_descriptor_limit();

    // An IPv6 address is written in brackets in URLs and Host headers.
    std::string shown_host =
        options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
    SystemClock clock;
    // Others reach the server when it listens elsewhere than loopback, or behind a proxy.
    bool open_to_others = !is_loopback(options.host) || options.limits.trust_forwarded_for;
    ServiceOptions service_options;
    service_options.local_games_need_token = open_to_others;
    service_options.engine_per_client = options.engine_per_client.value_or(open_to_others ? 1 : 0);
    service_options.max_engine_ms =
        options.max_engine_ms.value_or(open_to_others ? open_server_max_engine_ms : 0);
    service_options.claim_after_ms = std::int64_t(options.claim_after_seconds) * 1000;
    AccountOptions account_options;
    // Half the cores hash passwords at most (two at most): the rest answer requests.
    account_options.password_threads =
        std::clamp<std::size_t>(std::thread::hardware_concurrency() / 2, 1, 2);
    AccountService accounts(*storage.accounts, clock, account_options);
    PuzzleSet puzzle_set = load_puzzle_dir(options.puzzles_dir, std::cerr);
    PuzzleService puzzles(puzzle_set, clock, storage.accounts.get());
    std::optional<GameService> service;
    std::optional<Lobby> lobby; // stopped before the bus goes, destroyed after the server
    LichessText lichess_text;
    std::optional<BotStreams> bot_streams; // as the lobby
    // Between the two: destroyed after the server (no request publishes any more) and before
    // the service (the bus's thread calls into the service's live updates).
    std::unique_ptr<EventBus> event_bus = std::move(storage.event_bus);
    service_options.event_bus = event_bus.get();
    std::optional<SeekService> seeks;
    PlayerPages players(*storage.accounts, store, clock);
    std::optional<ChallengeService> challenges;
    std::optional<ChatService> chat;
    ApiTokens api_tokens(*storage.accounts, clock);
    std::optional<ArenaService> arenas; // stopped before the service goes
    std::optional<HttpServer> server;
    int port = 0;
    try {
        // The port is known only after binding; the links use it, so bind first.
        auto handler_slot = std::make_shared<RequestHandler>();
        server.emplace(
            [handler_slot](const HttpRequest& request, std::shared_ptr<Responder> responder) {
                (*handler_slot)(request, std::move(responder));
            },
            options.limits);
        port = server->listen(options.host, options.port);
        service_options.public_url = without_trailing_slash(
            options.public_url.empty() ? "http://" + shown_host + ":" + std::to_string(port)
                                       : options.public_url);
        service.emplace(store, options.search, clock, stream_text(), service_options);
        RouterOptions router;
        router.web_dir = options.web_dir;
        router.game_creation = options.game_creation;
        router.accounts = &accounts;
        router.puzzles = &puzzles;
        seeks.emplace(*storage.seeks, *service, clock, SeekService::default_open_seeks_per_player,
                      storage.accounts.get());
        router.seeks = &*seeks;
        router.players = &players;
        challenges.emplace(*storage.challenges, *storage.accounts, *service, clock);
        router.challenges = &*challenges;
        chat.emplace(*storage.chat, *service, clock, stream_text());
        router.chat = &*chat;
        LobbyOptions lobby_options;
        lobby_options.grace_ms = std::int64_t(options.lobby_grace_seconds) * 1000;
        lobby_options.refresh_ms = std::min<std::int64_t>(5000, lobby_options.grace_ms / 4);
        lobby_options.accounts = storage.accounts.get();
        lobby.emplace(*storage.seeks, *storage.challenges, *service, clock, stream_text(),
                      lobby_options);
        router.lobby = &*lobby;
        bot_streams.emplace(*service, *storage.challenges, *storage.accounts, lichess_text,
                            storage.seeks.get(), storage.chat.get());
        bot_streams->on_refused_by_bot(
            [&challenges](std::int64_t id, const Player& bot, const std::string& reason) {
                challenges->decline(id, bot, reason);
            });
        router.api_tokens = &api_tokens;
        ArenaServiceOptions arena_options;
        arena_options.holder = new_secret_token(); // this process, for the pairing lease
        arena_options.schedule = options.arena_schedule;
        arenas.emplace(*storage.arenas, *service, storage.accounts.get(), clock, arena_options);
        router.arenas = &*arenas;
        router.account_store = storage.accounts.get();
        router.challenge_store = storage.challenges.get();
        router.bot_streams = &*bot_streams;
        router.origin.allowed_hosts.push_back(url_host(service_options.public_url));
        if (!is_loopback(options.host)) router.origin.allowed_hosts.push_back(shown_host);
        router.origin.public_origin = origin_of_url(service_options.public_url);
        router.origin.trust_forwarded_proto = options.limits.trust_forwarded_for;
        *handler_slot = make_request_handler(*service, router);
        service->start_flag_watcher();
        lobby->start();
        bot_streams->start();
        arenas->start();
        server->start(std::max(2u, std::thread::hardware_concurrency()));
    } catch (const std::exception& failure) {
        std::cerr << "evochess serve: " << failure.what() << '\n';
        return 1;
    }
    std::cout << "evochess serve: listening on http://" << shown_host << ":" << port
              << "/ (games in " << storage.description << ", engine "
              << (options.search ? "on" : "off") << ")" << std::endl;
    if (!options.public_url.empty())
        std::cout << "evochess serve: links point to " << service_options.public_url << std::endl;

    // The house bots play through the server's own address, as any bot program would.
    std::function<void()> stop_house_bots;
    if (!options.house_bots.empty() && options.run_house_bots) {
        std::vector<HouseBotAccount> bots;
        try {
            for (const std::string& name : options.house_bots)
                bots.push_back(house_bot_account(name, *storage.accounts, api_tokens, clock));
        } catch (const std::exception& failure) {
            std::cerr << "evochess serve: no house bots: " << failure.what() << '\n';
            bots.clear();
        }
        if (!bots.empty()) stop_house_bots = options.run_house_bots(port, bots);
    }

    int received = 0;
    sigwait(&signals, &received);
    std::cout << "evochess serve: stopping" << std::endl;
    if (stop_house_bots) stop_house_bots();
    // A draining stop: no new connection (a proxy sends them to another process), searches
    // stop at once (each answers its best move so far), streams close (their pages reconnect,
    // elsewhere), the requests in flight are answered, then the connections end. A search
    // never holds up a shutdown.
    server->stop_accepting();
    arenas->stop();
    service->shutdown();
    lobby->stop();
    lobby->close_streams();
    bot_streams->stop();
    bot_streams->close_streams();
    if (!server->drain(std::chrono::seconds(10)))
        std::cerr << "evochess serve: some requests were not answered within 10 s\n";
    // No hash may answer once the server has gone.
    accounts.stop_password_threads();
    server->stop();
    std::cout << "evochess serve: stopped" << std::endl;
    return 0;
}

} // namespace evo::app
