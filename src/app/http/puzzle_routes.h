// The puzzle routes of the JSON API (docs/api.md, "Puzzles"): GET /api/puzzles,
// /api/puzzles/daily, /api/puzzles/themes, /api/puzzles/rating, /api/puzzles/{id} and POST
// /api/puzzles/{id}/attempt. Query and body are read here; the rules are PuzzleService's.
#pragma once

#include "app/puzzles/service.h"
#include "message.h"
#include "route_table.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace evo::app {

// The logged-in account asking, by its id; none for a visitor.
using AccountOf = std::function<std::optional<std::int64_t>(const HttpRequest&)>;

// Adds the puzzle routes; the service outlives the table.
void add_puzzle_routes(RouteTable& routes, PuzzleService& puzzles, AccountOf account_of);

} // namespace evo::app
