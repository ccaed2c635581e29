#include "api.h"

#include "account_routes.h"
#include "analysis_routes.h"
#include "app/analysis/service.h"
#include "app/common/api_error.h"
#include "app/ratings/rated_games.h"
#include "bot_routes.h"
#include "export_routes.h"
#include "game_routes.h"
#include "json_answer.h"
#include "lobby_routes.h"
#include "player_routes.h"
#include "puzzle_routes.h"
#include "route_table.h"
#include "static_files.h"
#include "tournament_routes.h"

#include <charconv>
#include <optional>
#include <string_view>

namespace evo::app {

using nlohmann::json;

namespace {

// An address is written to proxies' access logs and browsers' histories, so it must hold no
// secret: a token in the query is refused (not ignored, so a client that sends one learns why
// it is not seated), and the error does not repeat it.
void refuse_token_in_query(const HttpRequest& request) {
    if (request.query.count("token"))
        throw bad_request("a token in the address is refused: send it in the header "
                          "\"Authorization: Bearer TOKEN\"");
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
        add_routes();
    }

    void handle(const HttpRequest& request, const std::shared_ptr<Responder>& responder) {
        try {
            if (auto refused = foreign_request_reason(request, options_.origin))
                throw forbidden(*refused);
            refuse_cookie_without_origin(request);
            route(request, *responder, responder);
        } catch (...) {
            bool reading = request.method == "GET" || request.method == "HEAD";
            answer(*responder, failure_response(std::current_exception(), reading));
        }
    }

  private:
    static void answer(Responder& responder, HttpResponse response) {
        if (!responder.answered()) responder.respond(std::move(response));
    }

    void route(const HttpRequest& request, Responder& responder,
               const std::shared_ptr<Responder>& shared) {
        auto segments = path_segments(request.path);
        // lichess's game export is the one route outside /api (/game/export/{id}).
        bool game_export = segments.size() >= 2 && segments[0] == "game" && segments[1] == "export";
        if (!game_export && (segments.empty() || segments[0] != "api"))
            return serve_ui(request, responder);
        refuse_token_in_query(request);
        if (!routes_.dispatch(request, responder, shared, segments))
            throw not_found("no such route: " + request.method + " " + request.path);
    }

    // Each module's routes, for the services this server has (a route of a service it does
    // not have answers 404).
    void add_routes() {
        AccountService* accounts = options_.accounts;
        add_game_routes(routes_, {service_, options_.origin, creation_quota_, accounts,
                                  options_.chat, options_.arenas});
        if (accounts)
            add_account_routes(routes_, *accounts, options_.origin,
                               [this](const std::string& visitor, const std::string& account) {
                                   service_.adopt_games(visitor, account);
                               });
        if (accounts)
            add_lobby_routes(routes_,
                             {*accounts, options_.seeks, options_.challenges, options_.lobby});
        if (options_.players) add_player_routes(routes_, *options_.players);
        if (options_.puzzles)
            add_puzzle_routes(routes_, *options_.puzzles, [accounts](const HttpRequest& request) {
                Player player = requester_of(request, accounts);
                return player.account_key ? account_id_of_key(*player.account_key)
                                          : std::optional<std::int64_t>();
            });
        add_analysis_routes(routes_, analysis_);
        if (accounts && options_.challenges && options_.api_tokens && options_.account_store &&
            options_.challenge_store && options_.bot_streams)
            add_bot_routes(routes_,
                           {*accounts, *options_.account_store, *options_.api_tokens, service_,
                            *options_.challenges, *options_.challenge_store, *options_.bot_streams,
                            options_.chat, options_.seeks, options_.lobby, options_.arenas});
        if (accounts && options_.arenas && options_.api_tokens && options_.account_store)
            add_tournament_routes(routes_, {*options_.arenas, *accounts, *options_.account_store,
                                            *options_.api_tokens, service_.clock()});
        if (options_.account_store && options_.challenge_store)
            add_export_routes(
                routes_, {service_, *options_.account_store, *options_.challenge_store, accounts});
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
        // A HEAD's body is dropped where the answer is written, its length kept (server.cpp).
        responder.respond(std::move(*file));
    }

    GameService& service_;
    RouterOptions options_;
    StaticFiles ui_;
    CreationQuota creation_quota_;
    std::shared_ptr<AnalysisService> analysis_;
    RouteTable routes_;
};

} // namespace

RequestHandler make_request_handler(GameService& service, RouterOptions options) {
    auto router = std::make_shared<Router>(service, std::move(options));
    return [router](const HttpRequest& request, std::shared_ptr<Responder> responder) {
        router->handle(request, responder);
    };
}

} // namespace evo::app
