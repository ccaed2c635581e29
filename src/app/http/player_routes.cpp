#include "player_routes.h"

#include "json_answer.h"
#include "player_json.h"

namespace evo::app {

void add_player_routes(RouteTable& routes, PlayerPages& players) {
    routes.add("GET", "/api/players/{text}", [&players](const RouteCall& call) {
        call.respond(json_response(player_page_json(players.player(call.text(2)))));
    });
    routes.add("GET", "/api/leaderboard/{text}", [&players](const RouteCall& call) {
        call.respond(json_response(leaderboard_json(players.leaderboard(call.text(2)))));
    });
}

} // namespace evo::app
