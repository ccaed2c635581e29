// The puzzle routes of the JSON API (docs/api.md, "Puzzles"): GET /api/puzzles,
// /api/puzzles/daily, /api/puzzles/themes, /api/puzzles/rating, /api/puzzles/{id} and POST
// /api/puzzles/{id}/attempt. Query and body are read here; the rules are PuzzleService's.
#pragma once

#include "app/puzzles/service.h"
#include "message.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace evo::app {

// Answers the request if it is a puzzle route (parts: the path's segments, parts[1] ==
// "puzzles"); false if it is not. `account_id`: the logged-in account asking, if any.
bool route_puzzles(PuzzleService& puzzles, const std::vector<std::string_view>& parts,
                   const HttpRequest& request, Responder& responder,
                   std::optional<std::int64_t> account_id);

} // namespace evo::app
