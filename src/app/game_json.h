// The JSON edge (docs/api.md): a game's state, a saved-games listing, the variants and a
// search's progress, written from the core's own types.
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

// `history` is the game's moves as NotatedHistory writes them.
nlohmann::json game_state_json(const GameRecord& record, const Game& game,
                               const std::vector<NotatedMove>& history);
nlohmann::json game_listing_json(const GameListing& listing);
// The variants the core knows: names, start FENs, display names and descriptions.
nlohmann::json variants_json();
// A search progress line for the event stream, searched from `root`; the score turned to
// White's point of view.
nlohmann::json search_progress_json(const SearchProgress& progress, const Position& root);

} // namespace evo::app
