// The summary stored with a game, and the JSON of the variants (docs/api.md), written from the
// core's own types. A game's views: http/game_view_json.h.
#pragma once

#include "core/game.h"
#include "engine_port.h"
#include "game_record.h"
#include "notated_history.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace evo::app {

// The summary columns kept in the games row.
GameSummary summarize(const Game& game, const std::optional<DeclaredResult>& declared);

// The variants the core knows: names, start FENs, display names and descriptions.
nlohmann::json variants_json();
} // namespace evo::app
