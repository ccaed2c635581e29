#include "lobby_routes.h"

#include "account_routes.h"
#include "app/common/api_error.h"
#include "game_view_json.h"
#include "json_answer.h"
#include "json_fields.h"
#include "lobby_json.h"

namespace evo::app {

namespace {

nlohmann::json body(const HttpRequest& request) {
    return parse_request_body(request.body);
}

void add_seek_routes(RouteTable& routes, SeekService& seeks, AccountService& accounts) {
    routes.add("GET", "/api/seeks", [&seeks](const RouteCall& call) {
        call.respond(json_response(seek_views_json(seeks.list())));
    });
    routes.add("POST", "/api/seeks", [&seeks, &accounts](const RouteCall& call) {
        const HttpRequest& request = call.request;
        call.respond(json_response(
            seek_made_json(seeks.create(seek_request(body(request)), player_of(request, accounts),
                                        player_name(request, accounts))),
            201));
    });
    routes.add_ids("/api/seeks", "there is no seek ");
    routes.add("GET", "/api/seeks/{id}", [&seeks, &accounts](const RouteCall& call) {
        call.respond(json_response(
            seek_detail_json(seeks.get(call.number(2), player_of(call.request, accounts)))));
    });
    routes.add("DELETE", "/api/seeks/{id}", [&seeks, &accounts](const RouteCall& call) {
        call.respond(json_response(
            cancelled_json(seeks.cancel(call.number(2), player_of(call.request, accounts)))));
    });
    routes.add("POST", "/api/seeks/{id}/accept", [&seeks, &accounts](const RouteCall& call) {
        const HttpRequest& request = call.request;
        call.respond(
            json_response(game_view_json(seeks.accept(call.number(2), player_of(request, accounts),
                                                      player_name(request, accounts))),
                          201));
    });

    // docs/api.md "Auto pairing".
    routes.add("POST", "/api/autopairing", [&seeks, &accounts](const RouteCall& call) {
        const HttpRequest& request = call.request;
        call.respond(json_response(
            auto_pairing_made_json(seeks.create_auto(auto_pairing_request(body(request)),
                                                     player_of(request, accounts),
                                                     player_name(request, accounts))),
            201));
    });
    // Only a DELETE names an entry: any other method under it is no route.
    routes.add("DELETE", "/api/autopairing/{text}", [&seeks, &accounts](const RouteCall& call) {
        auto group = path_number(call.segments[2]);
        if (!group) throw not_found("there is no open auto-pairing entry " + call.text(2));
        call.respond(json_response(
            cancelled_json(seeks.cancel_auto(*group, player_of(call.request, accounts)))));
    });
}

void add_challenge_routes(RouteTable& routes, ChallengeService& challenges,
                          AccountService& accounts) {
    routes.add("GET", "/api/challenges", [&challenges, &accounts](const RouteCall& call) {
        call.respond(json_response(
            challenge_lists_json(challenges.list(player_of(call.request, accounts)))));
    });
    routes.add("POST", "/api/challenges", [&challenges, &accounts](const RouteCall& call) {
        const HttpRequest& request = call.request;
        call.respond(
            json_response(challenge_sent_json(challenges.create(challenge_request(body(request)),
                                                                player_of(request, accounts),
                                                                player_name(request, accounts))),
                          201));
    });
    routes.add_ids("/api/challenges", "there is no challenge ");
    routes.add("DELETE", "/api/challenges/{id}", [&challenges, &accounts](const RouteCall& call) {
        call.respond(json_response(
            cancelled_json(challenges.cancel(call.number(2), player_of(call.request, accounts)))));
    });
    routes.add(
        "POST", "/api/challenges/{id}/accept", [&challenges, &accounts](const RouteCall& call) {
            call.respond(json_response(game_view_json(challenges.accept(
                                           call.number(2), player_of(call.request, accounts))),
                                       201));
        });
    routes.add(
        "POST", "/api/challenges/{id}/decline", [&challenges, &accounts](const RouteCall& call) {
            // {"reason": one of lichess's keys}, optional: "generic".
            std::string reason = optional_string(body(call.request), "reason").value_or("generic");
            call.respond(json_response(declined_json(
                challenges.decline(call.number(2), player_of(call.request, accounts), reason))));
        });
}

} // namespace

void add_lobby_routes(RouteTable& routes, LobbyRoutes services) {
    AccountService& accounts = services.accounts;
    if (services.seeks) add_seek_routes(routes, *services.seeks, accounts);
    if (services.challenges) add_challenge_routes(routes, *services.challenges, accounts);
    if (services.lobby) {
        Lobby& lobby = *services.lobby;
        // For players only, as the seeks it shows are theirs to accept.
        routes.add("GET", "/api/lobby/events", [&lobby, &accounts](const RouteCall& call) {
            Player player = player_of(call.request, accounts);
            if (player.owner_key().empty())
                throw ApiError(ErrorKind::Unauthorized,
                               "the lobby is for players: log in, or call GET /api/me first (it "
                               "sets the visitor cookie)");
            lobby.open(player, call.responder.open_event_stream());
        });
    }
}

} // namespace evo::app
