// The analysis board's routes of the JSON API (docs/api.md, "Analysis"): POST /api/position
// and POST /api/analysis, positions and analyses that belong to no stored game.
#pragma once

#include "app/analysis/service.h"
#include "route_table.h"

#include <memory>

namespace evo::app {

// Adds the routes; they keep the service alive.
void add_analysis_routes(RouteTable& routes, std::shared_ptr<AnalysisService> analysis);

} // namespace evo::app
