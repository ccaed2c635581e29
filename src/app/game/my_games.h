// "My games" (docs/api.md "My games"): the online games a player sits at, those still being
// played first and among them those where it is the player's turn, then the finished ones,
// each with the opponent, whose turn it is and the time left on the clock.
#pragma once

#include "app/accounts/identity.h"
#include "app/record/game_repository.h"
#include "app/record/game_view.h"

#include <cstdint>

namespace evo::app {

// Every game still being played (up to max_live_games), then `limit` finished ones after
// skipping `offset`; the clocks as of now_ms.
std::vector<MyGame> my_games_of(GameRepository& store, const Player& viewer, int limit, int offset,
                                std::int64_t now_ms);

// The side to move in a listed game: the running clock's, else the FEN's; none when it is over.
std::optional<Color> listing_turn(const GameListing& listing);

inline constexpr int max_live_games = 500;

} // namespace evo::app
