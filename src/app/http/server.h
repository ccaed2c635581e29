// The HTTP/1.1 server of `evochess serve` on Boost.Beast (docs/design.md says why): a few
// I/O threads that only read and write, handlers on a bounded pool of worker threads, and
// a bound on every size and count that comes from outside (docs/reliability.md).
#pragma once

#include "message.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

namespace evo::app {

struct ServerLimits {
    std::size_t max_header_bytes = 16 * 1024;
    std::size_t max_body_bytes = 1 << 20; // in any transfer encoding
    // To receive one whole request, and how long a kept-alive connection may stay idle.
    std::chrono::milliseconds request_timeout{std::chrono::seconds(20)};
    // A client that takes longer to accept a write is dropped.
    std::chrono::milliseconds write_timeout{std::chrono::seconds(30)};
    // A comment line on every open event stream, so proxies and clients see it alive.
    std::chrono::milliseconds stream_keepalive{std::chrono::seconds(15)};
    std::size_t max_stream_backlog_bytes = 1 << 20; // unsent events; past it, the client is dropped
    // The same for all streams together: past it, the stream whose event does not fit is ended.
    std::size_t max_unsent_stream_bytes = std::size_t(128) << 20;
    std::size_t max_connections = 20000;
    std::size_t max_connections_per_address = 64;
    double requests_per_second = 30; // per client address, sustained; 0: no limit
    double request_burst = 120;
    std::size_t handler_threads = 8;
    std::size_t max_queued_requests = 4096; // past it: 503
    bool trust_forwarded_for = false;       // take the client's address from X-Forwarded-For
};

class HttpServer {
  public:
    HttpServer(RequestHandler handler, ServerLimits limits);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds and listens; port 0 takes a free one. Answers the port; throws
    // std::runtime_error when the address cannot be used.
    int listen(const std::string& address, int port);
    // Serves on `io_threads` threads until stop(); returns at once.
    void start(std::size_t io_threads);
    // A draining stop, for a restart behind a proxy: no new connection is accepted and no
    // connection kept alive (its clients go to another process), while the requests that
    // handlers have are answered.
    void stop_accepting();
    bool draining() const;
    // Stops accepting, then waits until every request handed to a handler has its answer
    // written, at most `within`; false if some were still unanswered then.
    bool drain(std::chrono::milliseconds within);
    // Stops accepting, ends every connection and joins every thread. Idempotent.
    void stop();
    std::size_t open_connections() const;

    struct Impl; // the connections' shared state, in http_server.cpp

  private:
    std::unique_ptr<Impl> impl_;
};

} // namespace evo::app
