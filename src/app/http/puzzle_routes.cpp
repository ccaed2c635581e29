#include "puzzle_routes.h"

#include "app/common/api_error.h"
#include "json_answer.h"
#include "json_fields.h"
#include "puzzle_json.h"

#include <charconv>
#include <sstream>

namespace evo::app {

using nlohmann::json;

namespace {

int query_number(const HttpRequest& request, const std::string& name, int fallback, int min,
                 int max) {
    auto it = request.query.find(name);
    if (it == request.query.end() || it->second.empty()) return fallback;
    const std::string& text = it->second;
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw bad_request("\"" + name + "\" must be a whole number from " + std::to_string(min) +
                          " to " + std::to_string(max));
    return value;
}

std::string query_text(const HttpRequest& request, const std::string& name) {
    auto it = request.query.find(name);
    return it == request.query.end() ? std::string() : it->second;
}

std::set<std::string> exclusion_list(const std::string& text) {
    std::set<std::string> ids;
    std::stringstream list(text);
    for (std::string id; std::getline(list, id, ',');)
        if (!id.empty()) ids.insert(id);
    return ids;
}

// A browser's own rating, sent with an anonymous attempt: {"rating", "rd", "volatility"}.
std::optional<Glicko2Rating> given_rating(const json& body) {
    if (!body.contains("rating") || body["rating"].is_null()) return std::nullopt;
    const json& given = body["rating"];
    auto number = [&](const char* name, double min, double max) {
        if (!given.is_object() || !given.contains(name) || !given[name].is_number() ||
            given[name].get<double>() < min || given[name].get<double>() > max)
            throw bad_request(std::string("\"rating.") + name + "\" must be a number from " +
                              std::to_string(min) + " to " + std::to_string(max));
        return given[name].get<double>();
    };
    return Glicko2Rating{number("rating", 0, 4000), number("rd", 1, 500),
                         number("volatility", 0.001, 1)};
}

} // namespace

void add_puzzle_routes(RouteTable& routes, PuzzleService& puzzles, AccountOf account_of) {
    auto reply = [](const RouteCall& call, const json& answer) {
        call.respond(json_response(answer));
    };
    routes.add("GET", "/api/puzzles", [&puzzles, reply](const RouteCall& call) {
        const HttpRequest& request = call.request;
        PuzzleRequest wanted;
        wanted.variant = query_text(request, "variant");
        if (std::string theme = query_text(request, "theme"); !theme.empty()) wanted.theme = theme;
        wanted.rating = query_number(request, "rating", 1500, 0, 4000);
        wanted.exclude = exclusion_list(query_text(request, "exclude"));
        wanted.seed = query_number(request, "seed", 0, 0, 1'000'000'000);
        reply(call, puzzle_json(puzzles.choose(wanted)));
    });
    // The named pages before /api/puzzles/{id}, which would take their names for ids.
    routes.add("GET", "/api/puzzles/daily", [&puzzles, reply](const RouteCall& call) {
        reply(call, daily_puzzle_json(puzzles.daily(query_text(call.request, "variant"))));
    });
    routes.add("GET", "/api/puzzles/themes", [&puzzles, reply](const RouteCall& call) {
        reply(call, puzzle_themes_json(puzzles.themes(query_text(call.request, "variant"))));
    });
    routes.add("GET", "/api/puzzles/rating", [&puzzles, reply, account_of](const RouteCall& call) {
        std::optional<std::int64_t> account_id = account_of(call.request);
        if (!account_id)
            throw ApiError(ErrorKind::Unauthorized,
                           "a puzzle rating is kept for accounts: log in (a visitor's is "
                           "kept by the browser)");
        std::string variant = query_text(call.request, "variant");
        if (variant.empty()) throw bad_request("\"variant\" is required");
        reply(call, puzzle_rating_json(puzzles.rating_of(*account_id, variant)));
    });
    routes.add("GET", "/api/puzzles/{text}", [&puzzles, reply](const RouteCall& call) {
        reply(call, puzzle_json(puzzles.get(call.text(2))));
    });
    routes.add("POST", "/api/puzzles/{text}/attempt",
               [&puzzles, reply, account_of](const RouteCall& call) {
                   json body = parse_request_body(call.request.body);
                   if (!body.is_object() || !body.contains("solved") ||
                       !body["solved"].is_boolean())
                       throw bad_request("the body must be {\"solved\": true or false}");
                   reply(call, puzzle_attempt_json(
                                   puzzles.attempt(call.text(2), body["solved"].get<bool>(),
                                                   account_of(call.request), given_rating(body))));
               });
}

} // namespace evo::app
