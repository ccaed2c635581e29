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

// The position's fields of a state: FEN, side to move, legal moves, history, counters,
// result. `history` is the game's moves as NotatedHistory writes them; `aborted`: the game
// ended with no result.
nlohmann::json position_json(const Game& game, const std::vector<NotatedMove>& history,
                             bool aborted = false);
// A game's state: its position's fields, players, engine, offers, times.
nlohmann::json game_state_json(const GameRecord& record, const Game& game,
                               const std::vector<NotatedMove>& history);
nlohmann::json game_listing_json(const GameListing& listing);
// The variants the core knows: names, start FENs, display names and descriptions.
nlohmann::json variants_json();
// A search progress line (an engine move's stream, an analysis), searched from `root`: the
// score turned to White's point of view, the line in UCI and SAN as far as it is legal.
nlohmann::json search_progress_json(const SearchProgress& progress, const Position& root);

} // namespace evo::app
