// The summary stored with a game (its FEN, result and reason, game_record.h), written from the
// core's own game and the result declared on it.
#pragma once

#include "core/game.h"
#include "declared_result.h"
#include "game_record.h"

#include <optional>

namespace evo::app {

// The summary columns kept in the games row.
GameSummary summarize(const Game& game, const std::optional<DeclaredResult>& declared);

} // namespace evo::app
