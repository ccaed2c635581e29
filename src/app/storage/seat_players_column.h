// How a game's seat players (GameRecord::seat_players) are stored: each seat's player key in
// its own column (white_player, black_player: a player's games are found by them), the names
// and the ratings at the start as one JSON text column (seat_players).
#pragma once

#include "app/record/game_record.h"

#include <array>
#include <optional>
#include <string>

namespace evo::app {

using SeatPlayers = std::array<std::optional<SeatPlayer>, 2>;

std::optional<std::string> seat_player_key(const SeatPlayers& players, Color seat);
// The JSON text of the names and ratings; none when neither seat is known.
std::optional<std::string> seat_players_text(const SeatPlayers& players);
// Read back from the three columns; a seat without a key is not known.
SeatPlayers seat_players_of(const std::optional<std::string>& white_key,
                            const std::optional<std::string>& black_key,
                            const std::optional<std::string>& text);

} // namespace evo::app
