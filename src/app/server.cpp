#include "server.h"

#include "game_service.h"
#include "game_store.h"
#include "http_api.h"
#include "sqlite_database.h"

#include <httplib.h>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <pthread.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#ifndef EVOCHESS_WEB_DIST_DIR
#define EVOCHESS_WEB_DIST_DIR ""
#endif

namespace evo::app {

namespace fs = std::filesystem;

namespace {

constexpr int server_threads = 64;
// cpp-httplib listens with a backlog of 5; a burst of new connections (the load test's 50
// clients) would wait for SYN retries. The listening socket gets this one instead.
constexpr int listen_backlog = 512;
constexpr int keep_alive_requests = 1000;

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

void serve_ui(httplib::Server& server, const std::string& web_dir) {
    if (!web_dir.empty() && fs::is_regular_file(fs::path(web_dir) / "index.html")) {
        server.set_mount_point("/", web_dir);
        return;
    }
    std::cerr << "evochess serve: no web UI at '" << web_dir
              << "'; build it with `npm ci && npm run build` in web/ (the API works without it)\n";
    server.Get("/", [web_dir](const httplib::Request&, httplib::Response& response) {
        response.status = 404;
        response.set_content(
            "The evochess web UI is not built (looked in '" + web_dir +
                "').\nBuild it with `npm ci && npm run build` in web/, or pass --web DIR.\n",
            "text/plain");
    });
}

// Holds an exclusive lock on DIR/serve.lock while the server runs: two servers on one
// database would each trust their own copy of a game in memory.
class DataDirectoryLock {
  public:
    explicit DataDirectoryLock(const fs::path& directory)
        : descriptor_(
              ::open((directory / "serve.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)),
          acquired_(descriptor_ >= 0 && ::flock(descriptor_, LOCK_EX | LOCK_NB) == 0) {}
    ~DataDirectoryLock() {
        if (descriptor_ >= 0) ::close(descriptor_);
    }
    DataDirectoryLock(const DataDirectoryLock&) = delete;
    DataDirectoryLock& operator=(const DataDirectoryLock&) = delete;
    bool acquired() const { return acquired_; }

  private:
    int descriptor_;
    bool acquired_;
};

// Blocks SIGINT and SIGTERM in every thread and stops the server when one arrives.
std::thread stop_on_signal(httplib::Server& server) {
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    return std::thread([&server, signals] {
        int received = 0;
        sigwait(&signals, &received);
        if (received != 0) server.stop();
    });
}

} // namespace

int run_server(const ServeOptions& given) {
    ServeOptions options = given;
    if (options.data_dir.empty()) options.data_dir = default_data_dir();
    if (options.web_dir.empty()) options.web_dir = default_web_dir();

    std::error_code error;
    fs::create_directories(options.data_dir, error);
    if (error) {
        std::cerr << "evochess serve: cannot create data directory '" << options.data_dir
                  << "': " << error.message() << '\n';
        return 1;
    }
    DataDirectoryLock lock(options.data_dir);
    if (!lock.acquired()) {
        std::cerr << "evochess serve: another evochess serve is using '" << options.data_dir
                  << "' (or its serve.lock cannot be written)\n";
        return 1;
    }
    std::string database = (fs::path(options.data_dir) / "games.sqlite3").string();
    std::optional<GameStore> store;
    try {
        store.emplace(database);
    } catch (const SqliteError& failure) {
        std::cerr << "evochess serve: " << failure.what() << '\n';
        return 1;
    }
    GameService service(*store, options.search);

    httplib::Server server;
    server.new_task_queue = [] { return new httplib::ThreadPool(server_threads); };
    server.set_keep_alive_max_count(keep_alive_requests);
    register_api_routes(server, service);
    serve_ui(server, options.web_dir);

    // SO_REUSEADDR lets a restarted server take its port back at once. Not cpp-httplib's
    // default SO_REUSEPORT: with it a second server on the same port would share the traffic.
    int listening_socket = -1;
    server.set_socket_options([&listening_socket](socket_t socket) {
        int yes = 1;
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening_socket = socket;
    });

    const char* host = "127.0.0.1";
    int port = options.port;
    if (port == 0) {
        port = server.bind_to_any_port(host);
    } else if (!server.bind_to_port(host, port)) {
        port = -1;
    }
    if (port <= 0) {
        std::cerr << "evochess serve: cannot listen on " << host << ":" << options.port
                  << " (is another server using that port?)\n";
        return 1;
    }
    if (listening_socket >= 0) ::listen(listening_socket, listen_backlog);
    std::cout << "evochess serve: listening on http://" << host << ":" << port << "/ (games in "
              << database << ", engine " << (options.search ? "on" : "not built in") << ")"
              << std::endl;

    std::thread signal_watcher = stop_on_signal(server);
    bool served = server.listen_after_bind();
    // Wake the watcher if the server stopped by itself.
    pthread_kill(signal_watcher.native_handle(), SIGTERM);
    signal_watcher.join();
    if (!served) {
        std::cerr << "evochess serve: the server stopped with an error\n";
        return 1;
    }
    std::cout << "evochess serve: stopped" << std::endl;
    return 0;
}

} // namespace evo::app
