// The JSON shapes of docs/api.md: a game's state and a saved-games listing.
#pragma once

#include "engine_port.h"
#include "game_record.h"
#include "rules_bridge.h"

#include <nlohmann/json.hpp>

namespace evo::app {

// The summary columns kept in the games row.
GameSummary summarize(const RulesGame& rules);

// The position's fields of a state: FEN, side to move, legal moves, history, counters, result.
nlohmann::json position_json(const RulesGame& rules);
// A game's state: its position's fields, players, engine, offers, times.
nlohmann::json game_state_json(const GameRecord& record, const RulesGame& rules);
nlohmann::json game_listing_json(const GameListing& listing);
// A search progress line for the event stream; the score turned to White's point of view.
nlohmann::json search_progress_json(const SearchProgress& progress, char side_to_move,
                                    const std::vector<MoveText>& pv);

} // namespace evo::app
