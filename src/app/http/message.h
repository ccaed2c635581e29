// The HTTP edge's plain values: a parsed request, a complete response, and how a handler
// answers (once, from any thread), either with a response or with a server-sent-events
// stream. Nothing here knows of Boost.Beast, so the router can be driven without sockets.
#pragma once

#include "app/events/sink.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace evo::app {

struct HttpRequest {
    std::string method;                                       // "GET", "POST", ...
    std::string target;                                       // as sent: path and query
    std::string path;                                         // the target up to '?', not decoded
    std::map<std::string, std::string> query;                 // decoded; the first of a name wins
    std::vector<std::pair<std::string, std::string>> headers; // names in lower case
    std::string body;
    std::string client; // the client's address (the proxy's X-Forwarded-For when trusted)
    int version = 11;   // HTTP/1.0: 10, HTTP/1.1: 11

    // The first header of that name (lower case), or "".
    std::string header(std::string_view name) const;
    // The query parameter, or "".
    std::string query_value(const std::string& name) const;
};

// Percent-decoding of a query or form component ('+' is a space; a broken escape stays).
std::string percent_decoded(std::string_view text);

// "a=1&b=x%20y" (a query, a form body) as decoded fields; the first of a name wins.
std::map<std::string, std::string> parse_form(std::string_view text);

// Splits a request target into path and decoded query parameters.
void parse_target(HttpRequest& request);

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

// How a stream's answer is written: server-sent events (the site's), or newline-delimited JSON
// or PGN (lichess's API and its game export: in chunks, an empty line keeps it alive, and a
// closed stream is just closed).
enum class StreamFormat { ServerSentEvents, NdJson, Pgn };

// How a handler answers its one request, from any thread, exactly once.
class Responder {
  public:
    virtual ~Responder() = default;
    virtual void respond(HttpResponse response) = 0;
    // Answers 200 with a stream of that format and hands back the stream to write to.
    virtual std::shared_ptr<EventSink> open_stream(StreamFormat format) = 0;
    // Answers 200 text/event-stream and hands back the stream to write events to.
    std::shared_ptr<EventSink> open_event_stream() {
        return open_stream(StreamFormat::ServerSentEvents);
    }
    virtual bool answered() const = 0;
    // Runs `callback` once if the client closes its connection before it is answered (so a
    // search for it can stop); never after the answer. An event stream has EventSink::on_close.
    virtual void on_hangup(std::function<void()> callback) = 0;
};

using RequestHandler = std::function<void(const HttpRequest&, std::shared_ptr<Responder>)>;

} // namespace evo::app
