// The games a pairing made and never announced (GameRecord::made_for), removed by the seek
// and challenge repositories in the transaction that reopens the pairing or refuses its late
// note: nobody was told of such a game, so it goes while it has no move.
#pragma once

#include "database.h"

#include <cstdint>
#include <optional>
#include <string>

namespace evo::app {

// Removes the games made for `made_for` ("seek:ID", "challenge:ID") that have no move, or
// only `game_id` if given; answers how many.
int remove_unstarted_game(SqliteDatabase& db, const std::string& made_for,
                          std::optional<std::int64_t> game_id = std::nullopt);

} // namespace evo::app
