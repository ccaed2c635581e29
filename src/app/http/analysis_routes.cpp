#include "analysis_routes.h"

#include "analysis_json.h"
#include "game_view_json.h"
#include "json_answer.h"
#include "json_fields.h"

namespace evo::app {

void add_analysis_routes(RouteTable& routes, std::shared_ptr<AnalysisService> analysis) {
    routes.add("POST", "/api/position", [analysis](const RouteCall& call) {
        call.respond(json_response(position_view_json(
            analysis->position(position_request(parse_request_body(call.request.body))))));
    });
    routes.add("POST", "/api/analysis", [analysis](const RouteCall& call) {
        const HttpRequest& request = call.request;
        analysis->analyse(
            analysis_request(parse_request_body(request.body), analysis->max_movetime_ms()),
            analysis_replies(call.shared, call.wants_event_stream()), request.client);
    });
}

} // namespace evo::app
