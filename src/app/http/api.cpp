#include "api.h"

#include "account_routes.h"
#include "analysis_json.h"
#include "app/analysis/service.h"
#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "app/ratings/rated_games.h"
#include "chat_json.h"
#include "engine_json.h"
#include "game_commands_json.h"
#include "game_view_json.h"
#include "json_answer.h"
#include "json_fields.h"
#include "lobby_json.h"
#include "player_json.h"
#include "puzzle_routes.h"
#include "static_files.h"

#include <charconv>
#include <optional>
#include <string_view>

namespace evo::app {

using nlohmann::json;

namespace {

constexpr int default_list_limit = 50;
constexpr int max_list_limit = 200;
constexpr int max_list_offset = 10'000'000;

std::vector<std::string_view> path_parts(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        if (path.front() == '/') {
            path.remove_prefix(1);
            continue;
        }
        std::size_t slash = path.find('/');
        parts.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash);
    }
    return parts;
}

std::optional<std::int64_t> game_id_of(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t id = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc() || end != text.data() + text.size() || id < 0) return std::nullopt;
    return id;
}

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

// An address is written to proxies' access logs and browsers' histories, so it must hold no
// secret: a token in the query is refused (not ignored, so a client that sends one learns why
// it is not seated), and the error does not repeat it.
void refuse_token_in_query(const HttpRequest& request) {
    if (request.query.count("token"))
        throw bad_request("a token in the address is refused: send it in the header "
                          "\"Authorization: Bearer TOKEN\"");
}

const char* storage_error_sentence(StorageErrorKind kind) {
    switch (kind) {
    case StorageErrorKind::Gone: return "the game is gone: the change was not saved";
    case StorageErrorKind::Conflict:
        return "the game was changed meanwhile: the change was not saved";
    case StorageErrorKind::Unavailable:
        return "the game storage cannot be written now: the change was not saved";
    case StorageErrorKind::Full: return "the server's disk is full: the change was not saved";
    case StorageErrorKind::Corrupt: return "the game storage is damaged: the change was not saved";
    }
    return "storage error: the change was not saved";
}

HttpResponse storage_error_response(const StorageError& error) {
    log_fault("storage error", error.what());
    return error_response(error_kind_of(error.kind()), storage_error_sentence(error.kind()));
}

bool wants_event_stream(const HttpRequest& request) {
    return request.header("accept").find("text/event-stream") != std::string::npos;
}

class Router {
  public:
    Router(GameService& service, RouterOptions options)
        : service_(service), options_(std::move(options)), ui_(options_.web_dir),
          creation_quota_(options_.game_creation),
          analysis_(std::make_shared<AnalysisService>(
              service.search_function(), service.engine_threads(), service.max_engine_ms())) {
        service.on_shutdown([analysis = std::weak_ptr(analysis_)] {
            if (auto running = analysis.lock()) running->stop_all();
        });
    }

    void handle(const HttpRequest& request, const std::shared_ptr<Responder>& responder) {
        try {
            if (auto refused = foreign_request_reason(request, options_.origin))
                throw forbidden(*refused);
            refuse_cookie_without_origin(request);
            route(request, *responder, responder);
        } catch (const ApiError& error) {
            answer(*responder,
                   error_response(error.kind(), error.what(), error.retry_after_seconds()));
        } catch (const StorageError& error) {
            answer(*responder, storage_error_response(error));
        } catch (const std::exception& error) {
            log_fault("internal error", error.what());
            answer(*responder, error_response(ErrorKind::Internal, "internal error"));
        }
    }

  private:
    static void answer(Responder& responder, HttpResponse response) {
        if (!responder.answered()) responder.respond(std::move(response));
    }

    void route(const HttpRequest& request, Responder& responder,
               const std::shared_ptr<Responder>& shared) {
        auto parts = path_parts(request.path);
        const std::string& method = request.method;
        if (parts.empty() || parts[0] != "api") return serve_ui(request, responder);
        refuse_token_in_query(request);

        if (parts.size() == 2 && parts[1] == "info" && method == "GET")
            return responder.respond(json_response(server_info_json(service_.info())));
        if (options_.accounts &&
            route_accounts(*options_.accounts, options_.origin, parts, request, responder,
                           [this](const std::string& visitor, const std::string& account) {
                               service_.adopt_games(visitor, account);
                           }))
            return;
        if (options_.seeks && options_.accounts && parts.size() >= 2 && parts[1] == "seeks")
            return route_seeks(parts, request, responder);
        if (options_.seeks && options_.accounts && parts.size() >= 2 && parts[1] == "autopairing")
            return route_autopairing(parts, request, responder);
        if (options_.players && parts.size() == 3 && method == "GET" && parts[1] == "players")
            return responder.respond(
                json_response(player_page_json(options_.players->player(std::string(parts[2])))));
        if (options_.players && parts.size() == 3 && method == "GET" && parts[1] == "leaderboard")
            return responder.respond(json_response(
                leaderboard_json(options_.players->leaderboard(std::string(parts[2])))));
        if (options_.challenges && options_.accounts && parts.size() >= 2 &&
            parts[1] == "challenges")
            return route_challenges(parts, request, responder);
        if (options_.lobby && options_.accounts && parts.size() == 3 && parts[1] == "lobby" &&
            parts[2] == "events" && method == "GET")
            return open_lobby_stream(request, responder);
        if (options_.puzzles && parts.size() >= 2 && parts[1] == "puzzles" &&
            route_puzzles(*options_.puzzles, parts, request, responder, account_id_of(request)))
            return;
        if (parts.size() == 2 && parts[1] == "position" && method == "POST")
            return responder.respond(json_response(
                position_view_json(analysis_->position(position_request(body(request))))));
        if (parts.size() == 2 && parts[1] == "analysis" && method == "POST")
            return analysis_->analyse(analysis_request(body(request), analysis_->max_movetime_ms()),
                                      analysis_replies(shared, wants_event_stream(request)),
                                      request.client);
        if (parts.size() >= 2 && parts[1] == "games") {
            if (parts.size() == 2 && method == "GET") {
                int limit = query_int(request, "limit", default_list_limit, 1, max_list_limit);
                int offset = query_int(request, "offset", 0, 0, max_list_offset);
                std::string scope = list_scope(request);
                if (scope == "mine")
                    return responder.respond(json_response(
                        my_games_json(service_.my_games(limit, offset, player_of(request)))));
                return responder.respond(json_response(game_listings_json(
                    service_.list(limit, offset, player_of(request), scope == "public"))));
            }
            if (parts.size() == 2 && method == "POST") {
                if (!creation_quota_.allow(request.client))
                    throw ApiError(ErrorKind::RateLimited,
                                   "too many new games from your address or from everyone; "
                                   "try again in a moment");
                return create_game(request, responder);
            }
            if (parts.size() >= 3) {
                auto id = game_id_of(parts[2]);
                if (!id) throw not_found("there is no game " + std::string(parts[2]));
                if (route_game(*id, parts, request, responder, shared)) return;
            }
        }
        throw not_found("no such route: " + method + " " + request.path);
    }

    bool route_game(std::int64_t id, const std::vector<std::string_view>& parts,
                    const HttpRequest& request, Responder& responder,
                    const std::shared_ptr<Responder>& shared) {
        const std::string& method = request.method;
        SeatToken token = bearer_token(request);
        // An action is the seat's (its token); a read is also the player's (their cookies),
        // looked up only for a read.
        Actor actor = Actor::requester(token);
        auto reader = [&] { return Actor::requester(token, player_of(request)); };
        auto reply = [&](const GameView& view) {
            responder.respond(json_response(game_view_json(view)));
        };
        if (parts.size() == 3) {
            if (method == "GET") return reply(service_.get(id, reader())), true;
            if (method == "DELETE")
                return responder.respond(
                           json_response(deleted_json(service_.remove(id, reader())))),
                       true;
            if (method == "PATCH")
                return reply(service_.update_settings(id, settings_command(body(request)), actor)),
                       true;
            return false;
        }
        std::string_view action = parts[3];
        if (parts.size() == 5 && action == "engine" && parts[4] == "stop" && method == "POST")
            return responder.respond(json_response({{"stopped", service_.stop_engine(id, actor)}})),
                   true;
        if (parts.size() != 4) return false;
        if (action == "chat" && options_.chat && options_.accounts)
            return route_chat(id, token, request, responder), true;
        if (method == "GET") {
            if (action == "pgn") {
                HttpResponse pgn;
                pgn.content_type = "application/x-chess-pgn";
                pgn.body = service_.pgn(id, reader());
                return responder.respond(std::move(pgn)), true;
            }
            if (action == "events")
                return service_.open_events(id, reader(),
                                            [&] { return shared->open_event_stream(); }),
                       true;
            return false;
        }
        if (method != "POST") return false;
        if (action == "moves") {
            json move;
            try {
                move = body(request);
            } catch (const ApiError& error) {
                throw unprocessable(std::string("malformed move: ") + error.what());
            }
            return reply(service_.play(id, play_command(move), actor)), true;
        }
        if (action == "engine") {
            return service_.engine_move(
                       id, engine_move_command(body(request), service_.max_engine_ms()),
                       engine_move_replies(shared, wants_event_stream(request)), actor,
                       request.client),
                   true;
        }
        if (action == "undo")
            return reply(service_.undo(id, undo_command(body(request)), actor)), true;
        if (action == "resign")
            return reply(service_.resign(id, resign_command(body(request)), actor)), true;
        if (action == "draw")
            return reply(service_.draw(id, draw_command(body(request)), actor)), true;
        if (action == "takeback")
            return reply(service_.takeback(id, takeback_command(body(request)), actor)), true;
        if (action == "abort") return reply(service_.abort(id, actor)), true;
        if (action == "rematch") return reply(service_.rematch(id, actor)), true;
        if (action == "claim-victory") return reply(service_.claim_victory(id, actor)), true;
        if (action == "join") return reply(service_.join(id, join_command(body(request)))), true;
        return false;
    }

    // POST and GET /api/games/{id}/chat.
    void route_chat(std::int64_t id, const SeatToken& token, const HttpRequest& request,
                    Responder& responder) {
        ChatService& chat = *options_.chat;
        if (request.method == "GET") {
            auto room = request.query.find("room");
            if (room == request.query.end())
                throw bad_request("say which room: ?room=players or ?room=spectators");
            return responder.respond(json_response(chat_room_json(
                chat.read(id, chat_room_from_query(room->second), token, player_of(request)))));
        }
        if (request.method == "POST")
            return responder.respond(json_response(
                chat_message_json(chat.post(id, chat_post_from_json(body(request)), token,
                                            player_of(request),
                                            app::player_name(request, *options_.accounts))),
                201));
        throw not_found("no such route: " + request.method + " " + request.path);
    }

    // POST and GET /api/seeks, GET and DELETE /api/seeks/{id}, POST /api/seeks/{id}/accept.
    void route_seeks(const std::vector<std::string_view>& parts, const HttpRequest& request,
                     Responder& responder) {
        SeekService& seeks = *options_.seeks;
        const std::string& method = request.method;
        if (parts.size() == 2 && method == "GET")
            return responder.respond(json_response(seek_views_json(seeks.list())));
        if (parts.size() == 2 && method == "POST")
            return responder.respond(json_response(
                seek_made_json(seeks.create(seek_request(body(request)), player_of(request),
                                            app::player_name(request, *options_.accounts))),
                201));
        if (parts.size() >= 3) {
            auto id = game_id_of(parts[2]);
            if (!id) throw not_found("there is no seek " + std::string(parts[2]));
            if (parts.size() == 3 && method == "GET")
                return responder.respond(
                    json_response(seek_detail_json(seeks.get(*id, player_of(request)))));
            if (parts.size() == 3 && method == "DELETE")
                return responder.respond(
                    json_response(cancelled_json(seeks.cancel(*id, player_of(request)))));
            if (parts.size() == 4 && parts[3] == "accept" && method == "POST")
                return responder.respond(json_response(
                    game_view_json(seeks.accept(*id, player_of(request),
                                                app::player_name(request, *options_.accounts))),
                    201));
        }
        throw not_found("no such route: " + method + " " + request.path);
    }

    // POST /api/autopairing, DELETE /api/autopairing/{group} (docs/api.md "Auto pairing").
    void route_autopairing(const std::vector<std::string_view>& parts, const HttpRequest& request,
                           Responder& responder) {
        SeekService& seeks = *options_.seeks;
        if (parts.size() == 2 && request.method == "POST")
            return responder.respond(
                json_response(auto_pairing_made_json(seeks.create_auto(
                                  auto_pairing_request(body(request)), player_of(request),
                                  app::player_name(request, *options_.accounts))),
                              201));
        if (parts.size() == 3 && request.method == "DELETE") {
            auto group = game_id_of(parts[2]);
            if (!group)
                throw not_found("there is no open auto-pairing entry " + std::string(parts[2]));
            return responder.respond(
                json_response(cancelled_json(seeks.cancel_auto(*group, player_of(request)))));
        }
        throw not_found("no such route: " + request.method + " " + request.path);
    }

    // POST and GET /api/challenges, POST /api/challenges/{id}/accept and /decline, DELETE
    // /api/challenges/{id}.
    void route_challenges(const std::vector<std::string_view>& parts, const HttpRequest& request,
                          Responder& responder) {
        ChallengeService& challenges = *options_.challenges;
        const std::string& method = request.method;
        if (parts.size() == 2 && method == "GET")
            return responder.respond(
                json_response(challenge_lists_json(challenges.list(player_of(request)))));
        if (parts.size() == 2 && method == "POST")
            return responder.respond(
                json_response(challenge_sent_json(challenges.create(
                                  challenge_request(body(request)), player_of(request),
                                  app::player_name(request, *options_.accounts))),
                              201));
        if (parts.size() >= 3) {
            auto id = game_id_of(parts[2]);
            if (!id) throw not_found("there is no challenge " + std::string(parts[2]));
            if (parts.size() == 3 && method == "DELETE")
                return responder.respond(
                    json_response(cancelled_json(challenges.cancel(*id, player_of(request)))));
            if (parts.size() == 4 && parts[3] == "accept" && method == "POST")
                return responder.respond(
                    json_response(game_view_json(challenges.accept(*id, player_of(request))), 201));
            if (parts.size() == 4 && parts[3] == "decline" && method == "POST")
                return responder.respond(
                    json_response(declined_json(challenges.decline(*id, player_of(request)))));
        }
        throw not_found("no such route: " + method + " " + request.path);
    }

    // GET /api/lobby/events: for players only, as the seeks it shows are theirs to accept.
    void open_lobby_stream(const HttpRequest& request, Responder& responder) {
        Player player = player_of(request);
        if (player.owner_key().empty())
            throw ApiError(ErrorKind::Unauthorized,
                           "the lobby is for players: log in, or call GET /api/me first (it "
                           "sets the visitor cookie)");
        options_.lobby->open(player, responder.open_event_stream());
    }

    void serve_ui(const HttpRequest& request, Responder& responder) {
        if (request.method != "GET" && request.method != "HEAD")
            throw not_found("no such route: " + request.method + " " + request.path);
        if (ui_.empty() && request.path == "/") {
            HttpResponse missing;
            missing.status = 404;
            missing.content_type = "text/plain; charset=utf-8";
            missing.body = "The evochess web UI is not built (looked in '" + options_.web_dir +
                           "').\nBuild it with `npm ci && npm run build` in web/, or pass --web "
                           "DIR.\n";
            return responder.respond(std::move(missing));
        }
        auto file = ui_.find(request.path);
        if (!file) throw not_found("no such file: " + request.path);
        if (request.method == "HEAD") file->body.clear();
        responder.respond(std::move(*file));
    }

    static json body(const HttpRequest& request) { return parse_request_body(request.body); }

    // Who asks (their cookies); nobody when the server keeps no accounts.
    Player player_of(const HttpRequest& request) const {
        return options_.accounts ? app::player_of(request, *options_.accounts) : Player{};
    }

    // The logged-in account asking, by its id; none for a visitor or without accounts.
    std::optional<std::int64_t> account_id_of(const HttpRequest& request) const {
        Player player = player_of(request);
        if (!player.account_key) return std::nullopt;
        return account_id_of_key(*player.account_key);
    }

    // GET /api/games?scope=public: the online games, anyone's; scope=mine: the online games
    // the requester sits at ("My games"); else "saved games".
    static std::string list_scope(const HttpRequest& request) {
        auto it = request.query.find("scope");
        if (it == request.query.end()) return "saved";
        if (it->second == "saved" || it->second == "public" || it->second == "mine")
            return it->second;
        throw bad_request("\"scope\" must be \"saved\", \"public\" or \"mine\"");
    }

    // A new game belongs to whoever makes it; a browser that has no visitor token yet is
    // given one now, so that the game is theirs (and no one else's) on a server open to all.
    void create_game(const HttpRequest& request, Responder& responder) {
        Player maker = player_of(request);
        std::optional<std::string> new_visitor;
        if (options_.accounts && !maker.account_key && !maker.visitor_key) {
            new_visitor = new_secret_token();
            maker.visitor_key = visitor_owner_key(*new_visitor);
        }
        HttpResponse response = json_response(
            game_view_json(service_.create(create_game_command(body(request)), maker)), 201);
        if (new_visitor)
            response.headers.emplace_back(
                "Set-Cookie", visitor_set_cookie(request, options_.origin, *new_visitor));
        responder.respond(std::move(response));
    }

    GameService& service_;
    RouterOptions options_;
    StaticFiles ui_;
    CreationQuota creation_quota_;
    std::shared_ptr<AnalysisService> analysis_;
};

} // namespace

RequestHandler make_request_handler(GameService& service, RouterOptions options) {
    auto router = std::make_shared<Router>(service, std::move(options));
    return [router](const HttpRequest& request, std::shared_ptr<Responder> responder) {
        router->handle(request, responder);
    };
}

} // namespace evo::app
