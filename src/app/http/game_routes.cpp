#include "game_routes.h"

#include "account_routes.h"
#include "app/common/api_error.h"
#include "chat_json.h"
#include "engine_json.h"
#include "game_commands_json.h"
#include "game_view_json.h"
#include "json_answer.h"
#include "json_fields.h"

#include <charconv>
#include <string_view>

namespace evo::app {

using nlohmann::json;

namespace {

constexpr int default_list_limit = 50;
constexpr int max_list_limit = 200;
constexpr int max_list_offset = 10'000'000;

// A whole number from the query; absent: the fallback; else it must be in [min, max].
int query_int(const HttpRequest& request, const std::string& name, int fallback, int min, int max) {
    auto it = request.query.find(name);
    if (it == request.query.end()) return fallback;
    int value = 0;
    const std::string& text = it->second;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw bad_request("\"" + name + "\" must be a whole number from " + std::to_string(min) +
                          " to " + std::to_string(max));
    return value;
}

// GET /api/games?scope=public: the online games, anyone's; scope=mine: the online games the
// requester sits at ("My games"); else "saved games".
std::string list_scope(const HttpRequest& request) {
    auto it = request.query.find("scope");
    if (it == request.query.end()) return "saved";
    if (it->second == "saved" || it->second == "public" || it->second == "mine") return it->second;
    throw bad_request("\"scope\" must be \"saved\", \"public\" or \"mine\"");
}

SeatToken bearer_token(const HttpRequest& request) {
    std::string header = request.header("authorization");
    constexpr std::string_view scheme = "Bearer ";
    if (header.size() > scheme.size() && header.compare(0, scheme.size(), scheme) == 0) {
        std::size_t begin = header.find_first_not_of(' ', scheme.size());
        std::size_t end = header.find_last_not_of(' ');
        if (begin != std::string::npos) return header.substr(begin, end - begin + 1);
    }
    if (!header.empty()) throw bad_request("the Authorization header must be \"Bearer TOKEN\"");
    return std::nullopt;
}

json body(const HttpRequest& request) {
    return parse_request_body(request.body);
}

// A new game belongs to whoever makes it; a browser that has no visitor token yet is given
// one now, so that the game is theirs (and no one else's) on a server open to all.
void create_game(const GameRoutes& services, const RouteCall& call) {
    const HttpRequest& request = call.request;
    if (!services.creation_quota.allow(request.client))
        throw ApiError(ErrorKind::RateLimited, "too many new games from your address or from "
                                               "everyone; try again in a moment");
    Player maker = requester_of(request, services.accounts);
    std::optional<std::string> new_visitor;
    if (services.accounts && !maker.account_key && !maker.visitor_key) {
        new_visitor = new_secret_token();
        maker.visitor_key = visitor_owner_key(*new_visitor);
    }
    HttpResponse response = json_response(
        game_view_json(services.games.create(create_game_command(body(request)), maker)), 201);
    if (new_visitor)
        response.headers.emplace_back("Set-Cookie",
                                      visitor_set_cookie(request, services.origin, *new_visitor));
    call.respond(std::move(response));
}

} // namespace

void add_game_routes(RouteTable& routes, GameRoutes services) {
    GameService& games = services.games;
    AccountService* accounts = services.accounts;
    // An action is the seat's (its token); a read is also the player's (their cookies).
    auto actor = [](const RouteCall& call) { return Actor::requester(bearer_token(call.request)); };
    auto reader = [accounts](const RouteCall& call) {
        return Actor::requester(bearer_token(call.request), requester_of(call.request, accounts));
    };
    auto reply = [](const RouteCall& call, const GameView& view) {
        call.respond(json_response(game_view_json(view)));
    };

    routes.add("GET", "/api/info", [&games](const RouteCall& call) {
        call.respond(json_response(server_info_json(games.info())));
    });
    routes.add("GET", "/api/games", [&games, accounts](const RouteCall& call) {
        const HttpRequest& request = call.request;
        int limit = query_int(request, "limit", default_list_limit, 1, max_list_limit);
        int offset = query_int(request, "offset", 0, 0, max_list_offset);
        std::string scope = list_scope(request);
        Player player = requester_of(request, accounts);
        if (scope == "mine")
            return call.respond(
                json_response(my_games_json(games.my_games(limit, offset, player))));
        call.respond(json_response(
            game_listings_json(games.list(limit, offset, player, scope == "public"))));
    });
    routes.add("POST", "/api/games",
               [services](const RouteCall& call) { create_game(services, call); });

    // Any path under /api/games/ names a game by its number, and reads the seat token first.
    routes.add_ids("/api/games", "there is no game ",
                   [](const HttpRequest& request) { bearer_token(request); });
    routes.add("GET", "/api/games/{id}", [&games, reader, reply](const RouteCall& call) {
        reply(call, games.get(call.number(2), reader(call)));
    });
    routes.add("DELETE", "/api/games/{id}", [&games, reader](const RouteCall& call) {
        call.respond(json_response(deleted_json(games.remove(call.number(2), reader(call)))));
    });
    routes.add("PATCH", "/api/games/{id}", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.update_settings(call.number(2), settings_command(body(call.request)),
                                          actor(call)));
    });
    routes.add("POST", "/api/games/{id}/engine/stop", [&games, actor](const RouteCall& call) {
        call.respond(json_response({{"stopped", games.stop_engine(call.number(2), actor(call))}}));
    });
    if (services.chat && accounts) {
        ChatService& chat = *services.chat;
        routes.add("GET", "/api/games/{id}/chat", [&chat, accounts](const RouteCall& call) {
            const HttpRequest& request = call.request;
            auto room = request.query.find("room");
            if (room == request.query.end())
                throw bad_request("say which room: ?room=players or ?room=spectators");
            call.respond(json_response(
                chat_room_json(chat.read(call.number(2), chat_room_from_query(room->second),
                                         bearer_token(request), requester_of(request, accounts)))));
        });
        routes.add("POST", "/api/games/{id}/chat", [&chat, accounts](const RouteCall& call) {
            const HttpRequest& request = call.request;
            call.respond(json_response(
                chat_message_json(chat.post(call.number(2), chat_post_from_json(body(request)),
                                            bearer_token(request), requester_of(request, accounts),
                                            player_name(request, *accounts)),
                                  true),
                201));
        });
    }
    routes.add("GET", "/api/games/{id}/pgn", [&games, reader](const RouteCall& call) {
        HttpResponse pgn;
        pgn.content_type = "application/x-chess-pgn";
        pgn.body = games.pgn(call.number(2), reader(call));
        call.respond(std::move(pgn));
    });
    routes.add("GET", "/api/games/{id}/events", [&games, reader](const RouteCall& call) {
        std::shared_ptr<Responder> shared = call.shared;
        games.open_events(call.number(2), reader(call),
                          [&] { return shared->open_event_stream(); });
    });
    routes.add("POST", "/api/games/{id}/moves", [&games, actor, reply](const RouteCall& call) {
        json move;
        try {
            move = body(call.request);
        } catch (const ApiError& error) {
            throw unprocessable(std::string("malformed move: ") + error.what());
        }
        reply(call, games.play(call.number(2), play_command(move), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/engine", [&games, actor](const RouteCall& call) {
        games.engine_move(call.number(2),
                          engine_move_command(body(call.request), games.max_engine_ms()),
                          engine_move_replies(call.shared, call.wants_event_stream()), actor(call),
                          call.request.client);
    });
    routes.add("POST", "/api/games/{id}/undo", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.undo(call.number(2), undo_command(body(call.request)), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/resign", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.resign(call.number(2), resign_command(body(call.request)), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/draw", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.draw(call.number(2), draw_command(body(call.request)), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/takeback", [&games, actor, reply](const RouteCall& call) {
        reply(call,
              games.takeback(call.number(2), takeback_command(body(call.request)), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/abort", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.abort(call.number(2), actor(call)));
    });
    routes.add("POST", "/api/games/{id}/rematch", [&games, actor, reply](const RouteCall& call) {
        reply(call, games.rematch(call.number(2), actor(call)));
    });
    if (ArenaService* arenas = services.arenas)
        routes.add("POST", "/api/games/{id}/berserk",
                   [arenas, actor, reply](const RouteCall& call) {
                       reply(call, arenas->berserk(call.number(2), actor(call)));
                   });
    routes.add("POST", "/api/games/{id}/claim-victory",
               [&games, actor, reply](const RouteCall& call) {
                   reply(call, games.claim_victory(call.number(2), actor(call)));
               });
    routes.add("POST", "/api/games/{id}/join", [&games, reply](const RouteCall& call) {
        reply(call, games.join(call.number(2), join_command(body(call.request))));
    });
}

} // namespace evo::app
