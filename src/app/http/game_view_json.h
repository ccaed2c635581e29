// The JSON of GameService's views (docs/api.md): written here only, for the HTTP answers and
// the games' event streams. Colours are "w" and "b", results their PGN text.
#pragma once

#include "app/game/service.h"
#include "app/record/game_view.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace evo::app {

// Whether a state's JSON holds its "history" (the streams' changes are told from the rest).
enum class HistoryJson { Written, Left };

// A played move: {"uci", "san", "fen"} (the FEN after it).
nlohmann::json notated_move_json(const NotatedMove& move);
nlohmann::json position_view_json(const PositionView& position,
                                  HistoryJson history = HistoryJson::Written);
nlohmann::json game_view_json(const GameView& view, HistoryJson history = HistoryJson::Written);
nlohmann::json seat_view_json(const SeatView& seat);
nlohmann::json game_listing_json(const GameListing& listing);
nlohmann::json game_listings_json(const std::vector<GameListing>& listings);
nlohmann::json my_games_json(const std::vector<MyGame>& games);
nlohmann::json server_info_json(const ServerInfo& info);
// {"deleted": id}
nlohmann::json deleted_json(std::int64_t id);

} // namespace evo::app
