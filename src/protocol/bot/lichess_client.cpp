#include "lichess_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <atomic>
#include <cctype>

namespace evo::bot {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

void StreamCancel::cancel() {
    // Under the lock: detach() waits for it, so the connection is still there.
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    if (stop_) stop_();
}

bool StreamCancel::cancelled() const {
    std::lock_guard lock(mutex_);
    return cancelled_;
}

void StreamCancel::attach(std::function<void()> stop) {
    std::lock_guard lock(mutex_);
    stop_ = std::move(stop);
}

void StreamCancel::detach() {
    std::lock_guard lock(mutex_);
    stop_ = nullptr;
}

namespace {

constexpr std::size_t max_answer_bytes = 8 << 20;
constexpr std::size_t max_line_bytes = 1 << 20;

// One connection driven by its own io_context, one operation at a time, each under a deadline
// (beast::tcp_stream's timeouts work for asynchronous operations only, hence the run loop).
class Connection {
  public:
    explicit Connection(const ServerAddress& server) : stream_(io_), server_(server) {}

    void open(std::chrono::milliseconds limit) {
        tcp::resolver resolver(io_);
        beast::error_code error;
        auto endpoints = resolver.resolve(server_.host, server_.port, error);
        if (error) fail("cannot resolve " + server_.host, error);
        stream_.expires_after(limit);
        run([&](auto done) { stream_.async_connect(endpoints, done); }, "cannot connect to");
    }

    template <class Request> void write(Request& request, std::chrono::milliseconds limit) {
        stream_.expires_after(limit);
        run([&](auto done) { http::async_write(stream_, request, done); }, "cannot write to");
    }

    template <class Parser> void read_header(Parser& parser, std::chrono::milliseconds limit) {
        stream_.expires_after(limit);
        run([&](auto done) { http::async_read_header(stream_, buffer_, parser, done); },
            "no answer from");
    }

    template <class Parser> void read(Parser& parser, std::chrono::milliseconds limit) {
        stream_.expires_after(limit);
        run([&](auto done) { http::async_read(stream_, buffer_, parser, done); }, "no answer from");
    }

    // Reads what comes of a buffer body; false at its end.
    bool read_some(http::response_parser<http::buffer_body>& parser, std::string& into,
                   std::chrono::milliseconds limit) {
        char chunk[4096];
        parser.get().body().data = chunk;
        parser.get().body().size = sizeof chunk;
        stream_.expires_after(limit);
        run([&](auto done) { http::async_read_some(stream_, buffer_, parser, done); },
            "the stream broke from", http::error::need_buffer);
        into.append(chunk, sizeof chunk - parser.get().body().size);
        return !parser.is_done();
    }

    // Callable from any thread: the operation under way ends with operation_aborted, and so
    // does the next one (the flag is for a stop that comes between two operations, when the
    // posted cancel finds nothing to cancel).
    std::function<void()> stopper() {
        return [this] {
            stopped_ = true;
            asio::post(io_, [this] { stream_.cancel(); });
        };
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    }

  private:
    template <class Start> void run(Start start, const char* what, beast::error_code benign = {}) {
        if (stopped_) fail(what + (" " + server_.host_header()), asio::error::operation_aborted);
        beast::error_code result;
        start([&](beast::error_code error, auto&&...) { result = error; });
        io_.restart();
        io_.run();
        if (result && result != benign) fail(what + (" " + server_.host_header()), result);
        if (stopped_) fail(what + (" " + server_.host_header()), asio::error::operation_aborted);
    }

    [[noreturn]] void fail(const std::string& what, const beast::error_code& error) {
        throw ConnectionError(what + ": " + error.message());
    }

    asio::io_context io_;
    std::atomic<bool> stopped_{false};
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    const ServerAddress& server_;
};

http::request<http::string_body> request_of(const ServerAddress& server, const std::string& token,
                                            http::verb method, const std::string& path) {
    http::request<http::string_body> request{method, server.base + path, 11};
    request.set(http::field::host, server.host_header());
    request.set(http::field::user_agent, "evochess-bot");
    request.set(http::field::authorization, "Bearer " + token);
    return request;
}

HttpAnswer exchange(const ServerAddress& server, http::request<http::string_body>& request,
                    std::chrono::milliseconds limit) {
    Connection connection(server);
    connection.open(limit);
    request.prepare_payload();
    connection.write(request, limit);
    http::response_parser<http::string_body> parser;
    parser.body_limit(max_answer_bytes);
    connection.read(parser, limit);
    connection.close();
    return {int(parser.get().result_int()), parser.get().body()};
}

} // namespace

LichessClient::LichessClient(ServerAddress server, std::string token)
    : server_(std::move(server)), token_(std::move(token)) {}

HttpAnswer LichessClient::get(const std::string& path) const {
    auto request = request_of(server_, token_, http::verb::get, path);
    request.set(http::field::accept, "application/json");
    return exchange(server_, request, request_timeout);
}

HttpAnswer LichessClient::post(const std::string& path, const std::string& form) const {
    auto request = request_of(server_, token_, http::verb::post, path);
    request.set(http::field::content_type, "application/x-www-form-urlencoded");
    request.set(http::field::accept, "application/json");
    request.body() = form;
    return exchange(server_, request, request_timeout);
}

HttpAnswer LichessClient::stream(const std::string& path, const Headers& headers,
                                 const std::function<void(std::string_view)>& on_line,
                                 StreamCancel& cancel) const {
    Connection connection(server_);
    cancel.attach(connection.stopper());
    struct Detach {
        StreamCancel& cancel;
        ~Detach() { cancel.detach(); }
    } detach{cancel};
    if (cancel.cancelled()) return {};
    try {
        connection.open(request_timeout);
        auto request = request_of(server_, token_, http::verb::get, path);
        request.set(http::field::accept, "application/x-ndjson");
        for (const auto& [name, value] : headers) request.set(name, value);
        connection.write(request, request_timeout);
        http::response_parser<http::buffer_body> parser;
        parser.body_limit(boost::none);
        connection.read_header(parser, request_timeout);
        int status = int(parser.get().result_int());
        std::string pending;
        if (status != 200) {
            while (pending.size() < 64 * 1024 &&
                   connection.read_some(parser, pending, request_timeout)) {
            }
            return {status, pending};
        }
        bool more = true;
        while (more) {
            more = connection.read_some(parser, pending, silence_timeout);
            std::size_t start = 0;
            for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos;
                 start = end + 1) {
                std::string_view line(pending.data() + start, end - start);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                if (!line.empty()) on_line(line);
            }
            pending.erase(0, start);
            if (pending.size() > max_line_bytes)
                throw ConnectionError("a line of over 1 MB from " + server_.host_header());
        }
        connection.close();
        return {status, ""};
    } catch (const ConnectionError&) {
        if (cancel.cancelled()) return {};
        throw;
    }
}

std::string form_encoded(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out.push_back(char(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

} // namespace evo::bot
