// Arenas as lichess's API writes them (docs/tournaments.md, "API"): an event of the lists
// (GET /api/tournament), the event with its standings page (GET /api/tournament/{id}) and a
// line of its results (GET /api/tournament/{id}/results).
#pragma once

#include "app/tournaments/arena_service.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace evo::app {

// lichess's status numbers: 10 created, 20 started, 30 finished.
int lichess_tournament_status(ArenaStatus status);

nlohmann::json arena_list_json(const ArenaRecord& arena, int players, std::int64_t now_ms);
// The standings' players on `page` (10 a page, from 1), with the viewer's own row as "me".
nlohmann::json arena_view_json(const ArenaView& view, int page, const std::string& viewer,
                               std::int64_t now_ms);
nlohmann::json arena_result_json(const StandingRow& row);
// A sheet as lichess writes it: each game's points, the latest first ("4220").
std::string sheet_scores(const ArenaSheet& sheet);

} // namespace evo::app
