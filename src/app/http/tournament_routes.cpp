#include "tournament_routes.h"

#include "account_routes.h"
#include "api_caller.h"
#include "app/common/api_error.h"
#include "bot_routes.h"
#include "core/variant_keys.h"
#include "json_answer.h"
#include "lichess_json.h"
#include "tournament_json.h"

#include <charconv>
#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

using Fields = std::map<std::string, std::string>;

std::int64_t tournament_id_of(const std::string& text) {
    auto id = path_number(text);
    if (!id) throw not_found("there is no tournament " + text.substr(0, 40));
    return *id;
}

std::int64_t whole(const Fields& fields, const std::string& name, std::int64_t min,
                   std::int64_t max) {
    const std::string& text = fields.at(name);
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw bad_request(name + " must be a whole number from " + std::to_string(min) + " to " +
                          std::to_string(max));
    return value;
}

bool flag(const Fields& fields, const std::string& name, bool otherwise) {
    auto it = fields.find(name);
    if (it == fields.end()) return otherwise;
    if (it->second == "true" || it->second == "1") return true;
    if (it->second == "false" || it->second == "0") return false;
    throw bad_request(name + " is true or false");
}

// lichess's clockTime: minutes, perhaps a fraction (0.25 is 15 s).
int clock_seconds(const std::string& text) {
    char* end = nullptr;
    double minutes = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(minutes) ||
        minutes < 0 || minutes > 180)
        throw bad_request("clockTime: minutes from 0 to 180 (0.5 is 30 seconds)");
    double seconds = minutes * 60;
    if (std::abs(seconds - std::round(seconds)) > 1e-6)
        throw bad_request("clockTime: a whole number of seconds");
    return int(std::lround(seconds));
}

ArenaRequest arena_request(Fields fields) {
    ArenaRequest request;
    if (fields.count("name")) request.name = fields["name"];
    std::string key = fields.count("variant") ? fields["variant"] : "standard";
    auto variant = variant_of_lichess_key(key);
    if (!variant) throw bad_request("unknown variant: " + key.substr(0, 40));
    request.variant = *variant;
    if (!fields.count("clockTime")) throw bad_request("clockTime is needed (minutes)");
    if (!fields.count("clockIncrement")) throw bad_request("clockIncrement is needed (seconds)");
    if (!fields.count("minutes")) throw bad_request("minutes is needed");
    request.clock.base_seconds = clock_seconds(fields["clockTime"]);
    request.clock.increment_seconds = int(whole(fields, "clockIncrement", 0, 180));
    request.minutes = int(whole(fields, "minutes", 0, 100'000));
    if (fields.count("startDate"))
        request.starts_ms = whole(fields, "startDate", 0, 9'000'000'000'000);
    if (fields.count("waitMinutes"))
        request.wait_minutes = int(whole(fields, "waitMinutes", 0, 360));
    request.rated = flag(fields, "rated", true);
    request.berserkable = flag(fields, "berserkable", true);
    request.streakable = flag(fields, "streakable", true);
    request.allow_bots = flag(fields, "conditions.allowBots", flag(fields, "allowBots", false));
    return request;
}

// The account calling: its API token's (a change needs the scope tournament:write), else its
// session's.
AccountRecord caller_account(const HttpRequest& request, const TournamentRoutes& services,
                             bool change) {
    if (bearer(request)) {
        TokenCaller caller = token_caller(request, services.tokens);
        if (change) require_scope(caller, {"tournament:write"});
        return caller.account;
    }
    Player player = player_of(request, services.sessions);
    if (player.account_key)
        if (auto account = services.accounts.find_by_name(player_name(request, services.sessions)))
            if (account_owner_key(account->id) == *player.account_key) return *account;
    throw ApiError(ErrorKind::Unauthorized, "log in, or send an API token, to take part");
}

// Who reads: the caller's player key when known (their own row and game), else nobody.
std::string viewer_key(const HttpRequest& request, const TournamentRoutes& services) {
    try {
        return account_owner_key(caller_account(request, services, false).id);
    } catch (const ApiError&) {
        return "";
    }
}

json ok() {
    return {{"ok", true}};
}

HttpResponse ndjson_response(std::string lines) {
    HttpResponse response;
    response.content_type = "application/x-ndjson";
    response.body = std::move(lines);
    return response;
}

json game_line(const GameListing& game) {
    json line = {{"id", std::to_string(game.id)},
                 {"rated", game.rated},
                 {"variant", lichess_variant_key(game.variant)},
                 {"plies", game.move_count}};
    json players = json::object();
    for (Color side : {White, Black}) {
        const auto& seat = game.seat_players[std::size_t(side)];
        json player = json::object();
        if (seat) {
            player["user"] = {{"name", seat->name}, {"id", lichess_user_id(seat->name)}};
            if (seat->rating) player["rating"] = int(*seat->rating + 0.5);
        }
        players[side == White ? "white" : "black"] = std::move(player);
    }
    line["players"] = std::move(players);
    const std::string result = game.summary.result.value_or("");
    line["status"] = result.empty() ? "started" : result == "*" ? "aborted" : "finished";
    if (result == "1-0") line["winner"] = "white";
    if (result == "0-1") line["winner"] = "black";
    return line;
}

} // namespace

void add_tournament_routes(RouteTable& routes, TournamentRoutes services) {
    routes.add("POST", "/api/tournament", [services](const RouteCall& call) {
        AccountRecord maker = caller_account(call.request, services, true);
        ArenaRecord made =
            services.arenas.create(arena_request(lichess_fields(call.request)), maker);
        ArenaView view = services.arenas.view(made.id);
        call.respond(json_response(arena_view_json(view, 1, "", services.clock.now_ms())));
    });
    routes.add("GET", "/api/tournament", [services](const RouteCall& call) {
        ArenaLists lists = services.arenas.list();
        const std::int64_t now = services.clock.now_ms();
        auto listed = [&](const std::vector<ArenaRecord>& arenas) {
            json out = json::array();
            for (const ArenaRecord& arena : arenas)
                out.push_back(arena_list_json(arena, services.arenas.player_count(arena.id), now));
            return out;
        };
        call.respond(json_response({{"created", listed(lists.created)},
                                    {"started", listed(lists.started)},
                                    {"finished", listed(lists.finished)}}));
    });
    routes.add("GET", "/api/tournament/{text}", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        int page = 1;
        if (auto it = call.request.query.find("page"); it != call.request.query.end()) {
            Fields fields{{"page", it->second}};
            page = int(whole(fields, "page", 1, 10'000));
        }
        std::string viewer = viewer_key(call.request, services);
        ArenaView view = services.arenas.view(id, viewer);
        call.respond(json_response(arena_view_json(view, page, viewer, services.clock.now_ms())));
    });
    routes.add("POST", "/api/tournament/{text}/join", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        services.arenas.join(id, caller_account(call.request, services, true));
        call.respond(json_response(ok()));
    });
    routes.add("POST", "/api/tournament/{text}/withdraw", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        services.arenas.withdraw(id, caller_account(call.request, services, true));
        call.respond(json_response(ok()));
    });
    routes.add("POST", "/api/tournament/{text}/terminate", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        services.arenas.terminate(id, caller_account(call.request, services, true));
        call.respond(json_response(ok()));
    });
    routes.add("GET", "/api/tournament/{text}/results", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        std::size_t most = 100'000;
        if (auto it = call.request.query.find("nb"); it != call.request.query.end()) {
            Fields fields{{"nb", it->second}};
            most = std::size_t(whole(fields, "nb", 1, 100'000));
        }
        std::string lines;
        ArenaView view = services.arenas.view(id);
        for (std::size_t i = 0; i < view.standings.size() && i < most; ++i)
            lines += *ndjson_line(arena_result_json(view.standings[i]));
        call.respond(ndjson_response(std::move(lines)));
    });
    routes.add("GET", "/api/tournament/{text}/games", [services](const RouteCall& call) {
        std::int64_t id = tournament_id_of(call.text(2));
        std::string lines;
        for (const GameListing& game : services.arenas.games(id))
            lines += *ndjson_line(game_line(game));
        call.respond(ndjson_response(std::move(lines)));
    });
}

} // namespace evo::app
