#include "server.h"

#include <cstdio>

#include "app/common/fault_log.h"
#include "app/common/task_pool.h"
#include "beast_request.h"
#include "callback_thread.h"
#include "client_limits.h"
#include "event_text.h"
#include "json_answer.h"
#include "security_headers.h"
#include "unsent_bytes.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_set>

namespace evo::app {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Session;

struct HttpServer::Impl {
    Impl(RequestHandler handler_, ServerLimits limits_)
        : handler(std::move(handler_)), limits(limits_),
          clients(limits_.max_connections, limits_.max_connections_per_address,
                  limits_.requests_per_second, limits_.request_burst),
          workers("request", limits_.handler_threads, limits_.max_queued_requests),
          unsent(limits_.max_unsent_stream_bytes) {
        io.emplace();
    }
    // Queued requests are dropped first; then the I/O context goes, and with it every
    // connection still waiting in it (their destructors use the members below).
    ~Impl() {
        workers.stop();
        acceptor.reset();
        io.reset();
        closers.stop();
    }

    RequestHandler handler;
    ServerLimits limits;
    ClientLimits clients;
    std::mutex sessions_mutex;
    std::unordered_set<Session*> sessions;
    std::atomic<bool> stopping{false}; // no new connection, no connection kept alive
    std::atomic<bool> stopped{false};
    TaskPool workers;
    UnsentBytes unsent;
    CallbackThread closers{"stream close"}; // what runs when a stream ends, off the I/O threads
    std::optional<net::io_context> io;
    std::optional<tcp::acceptor> acceptor;
    std::vector<std::thread> io_threads;

    // What a drain waits for: the answers to requests handlers have, and the last event of
    // the streams being closed, until written.
    std::mutex in_flight_mutex;
    std::condition_variable landed_all;
    std::size_t in_flight = 0;
    void flight_begins() {
        std::lock_guard lock(in_flight_mutex);
        ++in_flight;
    }
    void flight_ends() {
        std::lock_guard lock(in_flight_mutex);
        if (--in_flight == 0) landed_all.notify_all();
    }

    void accept_next();
};

namespace {

// lichess's streams (NDJSON, and an export's PGN) go in chunks: its clients read a line as soon
// as its chunk comes, and the last chunk tells them the answer ended on purpose.
bool chunked(StreamFormat format) {
    return format != StreamFormat::ServerSentEvents;
}

// While it lives, it is part of what a drain waits for.
class InFlight {
  public:
    explicit InFlight(HttpServer::Impl* server) : server_(server) { server_->flight_begins(); }
    InFlight(const InFlight&) = delete;
    InFlight& operator=(const InFlight&) = delete;
    ~InFlight() { server_->flight_ends(); }

  private:
    HttpServer::Impl* server_;
};

bool is_parse_error(const beast::error_code& error) {
    static const auto& category = make_error_code(http::error::bad_target).category();
    return error.category() == category && error != http::error::end_of_stream &&
           error != http::error::partial_message;
}

// The answer to a connection over the limits, written before any request is read.
std::string connection_refusal() {
    std::string body = "{\"error\":\"too many connections; try again in a moment\"}\n";
    return "HTTP/1.1 503 Service Unavailable\r\nServer: evochess\r\nContent-Type: "
           "application/json\r\n" +
           security_header_lines() +
           "Retry-After: 5\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
}

} // namespace

// One connection: reads requests one at a time, hands each to the worker pool, writes the
// answer, and may turn into an event stream. Everything on it runs on its strand.
class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket&& socket, HttpServer::Impl* server, std::string peer)
        : stream_(std::move(socket)), server_(server), peer_(std::move(peer)),
          keepalive_timer_(stream_.get_executor()) {
        std::lock_guard lock(server_->sessions_mutex);
        server_->sessions.insert(this);
    }
    ~Session() {
        for (const EventText& text : pending_) server_->unsent.release(text->size());
        run_close_callbacks();
        server_->clients.release_connection(peer_);
        std::lock_guard lock(server_->sessions_mutex);
        server_->sessions.erase(this);
    }

    void start() {
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

    // From any thread: the answer to the request being handled.
    void post_response(HttpResponse response) {
        net::post(stream_.get_executor(),
                  [self = shared_from_this(), response = std::move(response)]() mutable {
                      self->write_response(std::move(response));
                  });
    }
    void post_stream_start(StreamFormat format) {
        net::post(stream_.get_executor(),
                  [self = shared_from_this(), format] { self->start_stream(format); });
    }
    bool post_event(EventText text) {
        if (stream_closed_) return false;
        posted_ += text->size();
        net::post(stream_.get_executor(), [self = shared_from_this(), text = std::move(text)]() {
            self->posted_ -= text->size();
            self->queue_event(std::move(text));
        });
        return true;
    }
    std::size_t unsent_bytes() const { return posted_ + backlog_; }
    void post_close() {
        // Counted from now: a drain that begins before the strand runs this waits for it.
        auto closing = std::make_shared<InFlight>(server_);
        net::post(stream_.get_executor(), [self = shared_from_this(), closing]() mutable {
            self->close_stream(std::move(closing));
        });
    }
    bool stream_closed() const { return stream_closed_; }
    void add_close_callback(std::function<void()> callback) {
        {
            std::lock_guard lock(callbacks_mutex_);
            if (!callbacks_done_) {
                close_callbacks_.push_back(std::move(callback));
                return;
            }
        }
        callback();
    }

  private:
    void read() {
        parser_.emplace();
        parser_->header_limit(std::uint32_t(server_->limits.max_header_bytes));
        parser_->body_limit(server_->limits.max_body_bytes);
        stream_.expires_after(server_->limits.request_timeout);
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&Session::on_read, shared_from_this()));
    }

    void on_read(beast::error_code error, std::size_t);

    void write_response(HttpResponse answer) {
        auto response =
            std::make_shared<http::response<http::string_body>>(http::status(answer.status), 11);
        response->set(http::field::server, "evochess");
        response->set(http::field::content_type, answer.content_type);
        for (const auto& [name, value] : security_headers()) response->set(name, value);
        // A handler's header replaces a default of its name; each cookie it sets is kept.
        for (auto& [name, value] : answer.headers) {
            if (beast::iequals(name, "Set-Cookie"))
                response->insert(name, value);
            else
                response->set(name, value);
        }
        response->body() = std::move(answer.body);
        // After a request that could not be read whole, the rest of it is not read.
        bool unread_request = answer.status == 413 || answer.status == 431 || answer.status == 400;
        bool keep = keep_alive_ && !server_->stopping && !unread_request;
        response->keep_alive(keep);
        // A HEAD is answered as its GET would be, with the GET's Content-Length and no body
        // (RFC 9110 9.3.2).
        std::size_t length = response->body().size();
        if (answering_head_) response->body().clear();
        response->prepare_payload();
        if (answering_head_) response->content_length(length);
        stream_.expires_after(server_->limits.write_timeout);
        stop_watching();
        http::async_write(stream_, *response,
                          [self = shared_from_this(), response, keep,
                           unread_request](beast::error_code error, std::size_t) {
                              self->finish_answering();
                              if ((error || !keep) && !unread_request) return self->shut_down();
                              // One read at a time: the watch on the socket ends first.
                              self->after_watch([self, read_on = !error && keep] {
                                  if (read_on)
                                      self->read();
                                  else
                                      self->linger();
                              });
                          });
    }

    // While a handler works on a request, a client that closes its connection is seen as a
    // finished read on its socket: the handler is told (its search stops). Bytes that come
    // meanwhile (a pipelined request) are kept for the next read.
    void watch_while_handling(const std::shared_ptr<Responder>& responder);
    void stop_watching() {
        beast::error_code ignored;
        if (watching_ && !streaming_) stream_.socket().cancel(ignored);
    }
    void after_watch(std::function<void()> next) {
        if (watching_)
            after_watch_ = std::move(next);
        else
            next();
    }

    // A client may still be sending the request we refused: closing now would reset the
    // connection before it reads the answer. So stop writing, drain a bounded amount of what
    // it sends for a short while, then close (what web servers call a lingering close).
    void linger() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(std::chrono::seconds(2));
        drain(0);
    }
    void drain(std::size_t drained) {
        constexpr std::size_t max_drained = 16 << 20;
        stream_.async_read_some(
            net::buffer(hangup_buffer_),
            [self = shared_from_this(), drained](beast::error_code error, std::size_t size) {
                if (error || drained + size > max_drained) return self->shut_down();
                self->drain(drained + size);
            });
    }

    // --- event streams --------------------------------------------------------------------
    class SessionResponder;
    class SessionSink;

    void start_stream(StreamFormat format) {
        finish_answering();
        streaming_ = true;
        format_ = format;
        const char* type = format == StreamFormat::NdJson ? "application/x-ndjson"
                           : format == StreamFormat::Pgn  ? "application/x-chess-pgn"
                                                          : "text/event-stream";
        push_pending(std::make_shared<const std::string>(
            std::string("HTTP/1.1 200 OK\r\nServer: evochess\r\nContent-Type: ") + type + "\r\n" +
            // NDJSON goes in chunks: lichess's clients read a line as soon as its chunk comes
            // (without them, Python's requests waits for 512 bytes).
            (chunked(format) ? "Transfer-Encoding: chunked\r\n" : "") + security_header_lines() +
            "X-Accel-Buffering: no\r\nConnection: close\r\n\r\n"));
        write_next();
        if (!watching_) watch_for_hangup(); // else the request's watch goes on as the stream's
        schedule_keepalive();
    }

    // The text as one chunk of a chunked answer (an NDJSON stream's).
    static EventText chunk_of(const EventText& text) {
        char size[20];
        int length = std::snprintf(size, sizeof size, "%zx\r\n", text->size());
        auto chunk = std::make_shared<std::string>(size, std::size_t(length));
        chunk->append(*text);
        chunk->append("\r\n");
        return chunk;
    }

    void queue_event(EventText text) {
        if (stream_closed_ || closing_) return;
        if (chunked(format_)) text = chunk_of(text);
        if (backlog_ + text->size() > server_->limits.max_stream_backlog_bytes ||
            !server_->unsent.try_add(text->size()))
            return fall_behind();
        backlog_ += text->size();
        pending_.push_back(std::move(text));
        if (!writing_) write_next();
    }

    // Counted whatever the bounds: a response's head, the reconnect hint.
    void push_pending(EventText text) {
        server_->unsent.add(text->size());
        backlog_ += text->size();
        pending_.push_back(std::move(text));
    }

    // The client cannot keep up: what waits for it is dropped (but the write under way), and
    // the stream ends with a hint to reconnect, which gives it the state as it is then.
    void fall_behind() {
        std::size_t keep = writing_ ? 1 : 0;
        while (pending_.size() > keep) {
            server_->unsent.release(pending_.back()->size());
            backlog_ -= pending_.back()->size();
            pending_.pop_back();
        }
        if (format_ == StreamFormat::ServerSentEvents) push_pending(reconnect_hint_text());
        closing_ = true;
        if (!writing_) write_next();
    }

    void write_next() {
        if (pending_.empty() || stream_closed_) return;
        writing_ = true;
        stream_.expires_after(server_->limits.write_timeout);
        net::async_write(stream_, net::buffer(*pending_.front()),
                         [self = shared_from_this()](beast::error_code error, std::size_t) {
                             self->writing_ = false;
                             if (error) return self->end_stream();
                             std::size_t written = self->pending_.front()->size();
                             self->server_->unsent.release(written);
                             self->backlog_ -= written;
                             self->pending_.pop_front();
                             if (self->closing_ && self->pending_.empty())
                                 return self->end_stream();
                             self->write_next();
                         });
    }

    // A client that goes away is seen as a finished read on its socket.
    void watch_for_hangup() {
        watching_ = true;
        stream_.socket().async_read_some(
            net::buffer(hangup_buffer_),
            [self = shared_from_this()](beast::error_code error, std::size_t size) {
                self->watching_ = false;
                if (self->streaming_) {
                    if (error) return self->end_stream();
                    return self->watch_for_hangup();
                }
                self->on_watched_read(error, size);
            });
    }
    void on_watched_read(beast::error_code error, std::size_t size);

    void finish_answering() { answer_owed_.reset(); }

    void schedule_keepalive() {
        // lichess's streams send an empty line every 6 s (its clients drop a stream silent for
        // longer than about 15 s); the site's pages take a comment at the server's interval.
        keepalive_timer_.expires_after(chunked(format_) ? std::min(server_->limits.stream_keepalive,
                                                                   std::chrono::milliseconds(6000))
                                                        : server_->limits.stream_keepalive);
        keepalive_timer_.async_wait([self = shared_from_this()](beast::error_code error) {
            if (error || self->stream_closed_) return;
            static const EventText keepalive =
                std::make_shared<const std::string>(": keepalive\n\n");
            static const EventText empty_line = std::make_shared<const std::string>("\n");
            self->queue_event(chunked(self->format_) ? empty_line : keepalive);
            self->schedule_keepalive();
        });
    }

    // The app closes the stream: when the server stops, with a hint to reconnect soon.
    void close_stream(std::shared_ptr<InFlight> closing) {
        if (streaming_ && !stream_closed_ && !closing_ && chunked(format_)) {
            // The last chunk tells the client the stream ended on purpose.
            static const EventText last_chunk = std::make_shared<const std::string>("0\r\n\r\n");
            push_pending(last_chunk);
            closing_ = true;
            answer_owed_ = std::move(closing);
            if (!writing_) write_next();
            return;
        }
        if (!streaming_ || stream_closed_ || closing_ || !server_->stopping) return end_stream();
        if (format_ == StreamFormat::ServerSentEvents) push_pending(restart_hint_text());
        closing_ = true;
        answer_owed_ = std::move(closing); // until the hint is written
        if (!writing_) write_next();
    }

    void end_stream() {
        if (!stream_closed_ && writing_ && !closing_) {
            // Let what is queued go out first; the write loop ends the stream after it.
            closing_ = true;
            return;
        }
        stream_closed_ = true;
        finish_answering(); // a restart hint, written or not
        keepalive_timer_.cancel();
        shut_down();
        run_close_callbacks();
    }

    // They run on the server's closing thread: they take locks of the app (a game's
    // watchers) that an I/O thread must never wait for.
    void run_close_callbacks() {
        std::vector<std::function<void()>> callbacks;
        {
            std::lock_guard lock(callbacks_mutex_);
            if (callbacks_done_) return;
            callbacks_done_ = true;
            callbacks.swap(close_callbacks_);
        }
        if (callbacks.empty()) return;
        server_->closers.post([callbacks = std::move(callbacks)] {
            for (auto& callback : callbacks) {
                try {
                    callback();
                } catch (const std::exception& failure) {
                    log_fault("stream close", failure.what());
                }
            }
        });
    }

    void shut_down() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.socket().close(ignored);
        if (streaming_) stream_closed_ = true;
    }

    beast::tcp_stream stream_;
    HttpServer::Impl* server_;
    std::string peer_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool keep_alive_ = false;
    bool answering_head_ = false; // the request being answered is a HEAD

    bool streaming_ = false;
    std::atomic<bool> stream_closed_{false};
    bool writing_ = false;
    bool closing_ = false;
    std::deque<EventText> pending_;
    std::atomic<std::size_t> backlog_{0}; // read by other threads (unsent_bytes)
    std::atomic<std::size_t> posted_{0};  // sent to the strand, not yet queued
    char hangup_buffer_[16384];
    net::steady_timer keepalive_timer_;
    StreamFormat format_ = StreamFormat::ServerSentEvents;
    bool watching_ = false;             // a read on the socket watches for a hangup
    std::function<void()> after_watch_; // what waits for that read to end
    std::weak_ptr<Responder> handling_; // the request a handler works on

    std::mutex callbacks_mutex_;
    bool callbacks_done_ = false;
    std::vector<std::function<void()>> close_callbacks_;
    std::shared_ptr<InFlight> answer_owed_; // a handler's answer, or a stream's last event
};

class Session::SessionSink : public EventSink {
  public:
    explicit SessionSink(std::weak_ptr<Session> session) : session_(std::move(session)) {}
    bool send(EventText text) override {
        auto session = session_.lock();
        return session && session->post_event(std::move(text));
    }
    void close() override {
        if (auto session = session_.lock()) session->post_close();
    }
    std::size_t unsent_bytes() const override {
        auto session = session_.lock();
        return session ? session->unsent_bytes() : 0;
    }
    bool closed() const override {
        auto session = session_.lock();
        return !session || session->stream_closed();
    }
    void on_close(std::function<void()> callback) override {
        if (auto session = session_.lock())
            session->add_close_callback(std::move(callback));
        else
            callback();
    }

  private:
    std::weak_ptr<Session> session_;
};

class Session::SessionResponder : public Responder {
  public:
    explicit SessionResponder(std::shared_ptr<Session> session) : session_(std::move(session)) {}
    void respond(HttpResponse response) override {
        if (answered_.exchange(true)) return;
        forget_hangup();
        session_->post_response(std::move(response));
        session_.reset();
    }
    std::shared_ptr<EventSink> open_stream(StreamFormat format) override {
        if (answered_.exchange(true)) throw std::logic_error("the request was answered already");
        forget_hangup();
        auto sink = std::make_shared<SessionSink>(session_);
        session_->post_stream_start(format);
        session_.reset();
        return sink;
    }
    bool answered() const override { return answered_; }
    void on_hangup(std::function<void()> callback) override {
        {
            std::lock_guard lock(hangup_mutex_);
            if (answered_) return;
            if (!hung_up_) return hangup_callbacks_.push_back(std::move(callback));
        }
        callback();
    }
    // The client closed its connection before the answer.
    void hang_up() {
        std::vector<std::function<void()>> callbacks;
        {
            std::lock_guard lock(hangup_mutex_);
            if (hung_up_ || answered_) return;
            hung_up_ = true;
            callbacks.swap(hangup_callbacks_);
        }
        for (auto& callback : callbacks) {
            try {
                callback();
            } catch (const std::exception& failure) {
                log_fault("client hangup", failure.what());
            }
        }
    }

  private:
    // Answered: nothing is left to stop when the client goes.
    void forget_hangup() {
        std::lock_guard lock(hangup_mutex_);
        hangup_callbacks_.clear();
    }

    std::shared_ptr<Session> session_;
    std::atomic<bool> answered_{false};
    std::mutex hangup_mutex_;
    bool hung_up_ = false;
    std::vector<std::function<void()>> hangup_callbacks_;
};

void Session::watch_while_handling(const std::shared_ptr<Responder>& responder) {
    handling_ = responder;
    watch_for_hangup();
}

void Session::on_watched_read(beast::error_code error, std::size_t size) {
    if (!error) {
        auto room = buffer_.prepare(size);
        net::buffer_copy(room, net::buffer(hangup_buffer_, size));
        buffer_.commit(size);
    } else if (error != net::error::operation_aborted) {
        if (auto responder = handling_.lock()) static_cast<SessionResponder&>(*responder).hang_up();
    }
    handling_.reset();
    if (auto next = std::move(after_watch_)) {
        after_watch_ = nullptr;
        next();
    }
}

void Session::on_read(beast::error_code error, std::size_t) {
    if (error) {
        if (is_parse_error(error)) {
            keep_alive_ = false;
            return write_response(read_error_response(error));
        }
        return shut_down();
    }
    auto& message = parser_->get();
    keep_alive_ = message.keep_alive();
    answering_head_ = message.method() == http::verb::head;
    HttpRequest request =
        to_http_request(std::move(message), peer_, server_->limits.trust_forwarded_for);
    if (std::string problem = request_header_problem(request); !problem.empty()) {
        keep_alive_ = false;
        return write_response(error_response(ErrorKind::BadRequest, problem));
    }
    if (!server_->clients.allow_request(request.client))
        return write_response(error_response(ErrorKind::RateLimited,
                                             "too many requests from your address; slow down"));

    auto responder = std::make_shared<SessionResponder>(shared_from_this());
    auto& handler = server_->handler;
    bool queued =
        server_->workers.try_post([&handler, request = std::move(request), responder]() mutable {
            try {
                handler(request, responder);
            } catch (const std::exception& failure) {
                log_fault("request handler", failure.what());
                if (!responder->answered())
                    responder->respond(error_response(ErrorKind::Internal, "internal error"));
            } catch (...) {
                log_fault("request handler", "an exception of unknown type");
                if (!responder->answered())
                    responder->respond(error_response(ErrorKind::Internal, "internal error"));
            }
        });
    if (!queued)
        return write_response(error_response(ErrorKind::Unavailable,
                                             "the server is too busy; try again in a moment"));
    answer_owed_ = std::make_shared<InFlight>(server_);
    watch_while_handling(responder);
}

void HttpServer::Impl::accept_next() {
    acceptor->async_accept(
        net::make_strand(*io), [self = this](beast::error_code error, tcp::socket socket) {
            if (self->stopping) return;
            if (error) {
                if (error == net::error::operation_aborted) return;
                // Out of descriptors and the like: say so, wait a little, go on accepting.
                log_fault("accept", error.message());
                auto timer = std::make_shared<net::steady_timer>(*self->io);
                timer->expires_after(std::chrono::milliseconds(50));
                timer->async_wait([self, timer](beast::error_code error) {
                    if (!error && !self->stopping) self->accept_next();
                });
                return;
            }
            beast::error_code ignored;
            auto endpoint = socket.remote_endpoint(ignored);
            std::string peer = ignored ? std::string("unknown") : endpoint.address().to_string();
            if (!self->clients.admit_connection(peer)) {
                static const std::string refusal = connection_refusal();
                socket.non_blocking(true, ignored);
                socket.write_some(net::buffer(refusal), ignored);
                socket.close(ignored);
            } else {
                std::make_shared<Session>(std::move(socket), self, peer)->start();
            }
            self->accept_next();
        });
}

HttpServer::HttpServer(RequestHandler handler, ServerLimits limits)
    : impl_(std::make_unique<Impl>(std::move(handler), limits)) {}

HttpServer::~HttpServer() {
    stop();
}

int HttpServer::listen(const std::string& address, int port) {
    beast::error_code error;
    auto ip = net::ip::make_address(address, error);
    if (error) throw std::runtime_error("'" + address + "' is not an IP address");
    tcp::endpoint endpoint(ip, std::uint16_t(port));
    auto& acceptor = impl_->acceptor.emplace(*impl_->io);
    acceptor.open(endpoint.protocol(), error);
    if (!error) acceptor.set_option(net::socket_base::reuse_address(true), error);
    if (!error) acceptor.bind(endpoint, error);
    if (!error) acceptor.listen(1024, error);
    if (error)
        throw std::runtime_error("cannot listen on " + address + ":" + std::to_string(port) + ": " +
                                 error.message());
    return acceptor.local_endpoint().port();
}

void HttpServer::start(std::size_t io_threads) {
    if (!impl_->acceptor) throw std::logic_error("listen() first");
    impl_->accept_next();
    if (io_threads == 0) io_threads = 1;
    for (std::size_t i = 0; i < io_threads; ++i)
        impl_->io_threads.emplace_back([impl = impl_.get()] {
            for (;;) {
                try {
                    impl->io->run();
                    return;
                } catch (const std::exception& failure) {
                    log_fault("I/O thread", failure.what());
                }
            }
        });
}

void HttpServer::stop_accepting() {
    if (impl_->stopping.exchange(true)) return;
    net::post(*impl_->io, [impl = impl_.get()] {
        beast::error_code ignored;
        if (impl->acceptor) impl->acceptor->close(ignored);
    });
}

bool HttpServer::draining() const {
    return impl_->stopping;
}

bool HttpServer::drain(std::chrono::milliseconds within) {
    stop_accepting();
    std::unique_lock lock(impl_->in_flight_mutex);
    return impl_->landed_all.wait_for(lock, within, [&] { return impl_->in_flight == 0; });
}

void HttpServer::stop() {
    if (impl_->stopped.exchange(true)) return;
    stop_accepting();
    impl_->io->stop();
    for (auto& thread : impl_->io_threads) thread.join();
    impl_->io_threads.clear();
    impl_->workers.stop();
}

std::size_t HttpServer::open_connections() const {
    std::lock_guard lock(impl_->sessions_mutex);
    return impl_->sessions.size();
}

} // namespace evo::app
