#include "route_table.h"

#include "app/common/api_error.h"

#include <charconv>

namespace evo::app {

std::vector<std::string_view> path_segments(std::string_view path) {
    std::vector<std::string_view> segments;
    while (!path.empty()) {
        if (path.front() == '/') {
            path.remove_prefix(1);
            continue;
        }
        std::size_t slash = path.find('/');
        segments.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash);
    }
    return segments;
}

std::optional<std::int64_t> path_number(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t number = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end != text.data() + text.size() || number < 0) return std::nullopt;
    return number;
}

std::int64_t RouteCall::number(std::size_t index) const {
    // The table matched the segment as a number: it is one.
    return path_number(segments.at(index)).value_or(0);
}

void RouteTable::add(std::string method, std::string_view pattern, RouteHandler handler) {
    Route route{std::move(method), {}, std::move(handler)};
    for (std::string_view segment : path_segments(pattern)) {
        if (segment == "{id}")
            route.pattern.push_back({SegmentKind::Number, {}});
        else if (segment == "{text}")
            route.pattern.push_back({SegmentKind::Text, {}});
        else
            route.pattern.push_back({SegmentKind::Literal, std::string(segment)});
    }
    routes_.push_back(std::move(route));
}

void RouteTable::add_ids(std::string_view prefix, std::string sentence,
                         std::function<void(const HttpRequest&)> check) {
    IdRule rule{{}, std::move(sentence), std::move(check)};
    for (std::string_view segment : path_segments(prefix)) rule.prefix.emplace_back(segment);
    id_rules_.push_back(std::move(rule));
}

bool RouteTable::matches(const std::vector<Segment>& pattern,
                         const std::vector<std::string_view>& segments) {
    if (pattern.size() != segments.size()) return false;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        switch (pattern[i].kind) {
        case SegmentKind::Literal:
            if (segments[i] != pattern[i].literal) return false;
            break;
        case SegmentKind::Number:
            if (!path_number(segments[i])) return false;
            break;
        case SegmentKind::Text: break;
        }
    }
    return true;
}

bool RouteTable::dispatch(const HttpRequest& request, Responder& responder,
                          const std::shared_ptr<Responder>& shared,
                          const std::vector<std::string_view>& segments) const {
    const Route* route = nullptr;
    for (const Route& candidate : routes_)
        if (candidate.method == request.method && matches(candidate.pattern, segments)) {
            route = &candidate;
            break;
        }
    for (const IdRule& rule : id_rules_) {
        std::size_t size = rule.prefix.size();
        if (segments.size() <= size) continue;
        bool under = true;
        for (std::size_t i = 0; i < size && under; ++i) under = segments[i] == rule.prefix[i];
        if (!under) continue;
        // A route with a word where the id would be (/api/games/user/{text}) is not a game's.
        if (route && route->pattern[size].kind == SegmentKind::Literal) break;
        if (!path_number(segments[size]))
            throw not_found(rule.sentence + std::string(segments[size]));
        if (rule.check) rule.check(request);
        break;
    }
    if (!route) return false;
    route->handler(RouteCall{request, responder, shared, segments});
    return true;
}

} // namespace evo::app
