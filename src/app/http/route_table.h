// The router's table (docs/design.md, "The app as modules"): a route is a method, a pattern of
// path segments and a handler; each module's route file adds its own (add_game_routes,
// add_lobby_routes, ...). A request's path is matched segment by segment, the routes in the
// order they were added; a path no route matches is the caller's 404.
#pragma once

#include "message.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::app {

// The path's segments: empty ones dropped, nothing decoded ("/api//games/" is api, games).
std::vector<std::string_view> path_segments(std::string_view path);

// A whole number of at most 18 digits (an id in a path); none for any other text.
std::optional<std::int64_t> path_number(std::string_view text);

// What a route's handler is given: the request, where to answer it, and its path's segments.
struct RouteCall {
    const HttpRequest& request;
    Responder& responder;
    // The same responder, for an answer that outlives the call (an event stream, a search).
    const std::shared_ptr<Responder>& shared;
    const std::vector<std::string_view>& segments;

    // The segment at `index` of a {id} pattern segment, as its number.
    std::int64_t number(std::size_t index) const;
    std::string text(std::size_t index) const { return std::string(segments.at(index)); }
    void respond(HttpResponse response) const { responder.respond(std::move(response)); }
    // Whether the client asks for server-sent events (Accept: text/event-stream).
    bool wants_event_stream() const {
        return request.header("accept").find("text/event-stream") != std::string::npos;
    }
};

using RouteHandler = std::function<void(const RouteCall&)>;

class RouteTable {
  public:
    // `pattern`: "/api/games/{id}/moves": literal segments, {id} a whole number (path_number),
    // {text} any one segment.
    void add(std::string method, std::string_view pattern, RouteHandler handler);
    // Under `prefix` ("/api/games"), the next segment must be a whole number, whatever the
    // method and however deep the path: else a 404 of `sentence` and the segment ("there is
    // no game abc"). `check` then runs for every such path (a game's paths read their
    // Authorization header first, so a malformed one is a 400 on any of them). A path that a
    // route with a literal segment there matches (/api/games/user/{text}) is not under it.
    void add_ids(std::string_view prefix, std::string sentence,
                 std::function<void(const HttpRequest&)> check = {});

    // Calls the first route the request matches; false if none does (after the id checks,
    // which throw).
    bool dispatch(const HttpRequest& request, Responder& responder,
                  const std::shared_ptr<Responder>& shared,
                  const std::vector<std::string_view>& segments) const;

  private:
    enum class SegmentKind { Literal, Number, Text };
    struct Segment {
        SegmentKind kind;
        std::string literal;
    };
    struct Route {
        std::string method;
        std::vector<Segment> pattern;
        RouteHandler handler;
    };
    struct IdRule {
        std::vector<std::string> prefix;
        std::string sentence;
        std::function<void(const HttpRequest&)> check;
    };

    static bool matches(const std::vector<Segment>& pattern,
                        const std::vector<std::string_view>& segments);

    std::vector<Route> routes_;
    std::vector<IdRule> id_rules_;
};

} // namespace evo::app
