// One game as a bot sees it: the position its server's stream describes (variant, initial FEN,
// the moves so far), the colour it plays, and how long it may think on the clock it has.
#pragma once

#include "bot_events.h"

#include "core/game.h"
#include "core/result.h"
#include "engine/engine.h"

#include <cstdint>
#include <optional>
#include <string>

namespace evo::bot {

// The game after `state.moves`, from the variant and initial FEN of `full`. An error names
// the unknown variant, the bad FEN or the first move the rules refuse.
Result<Game> game_of(const GameFull& full, const GameState& state);

// The colour `account_id` plays in the game; none when it has no seat.
std::optional<Color> seat_of(const GameFull& full, const std::string& account_id);

// The limits of a search: the clocks with their increments when the game has a
// clock (the engine's time manager spreads them; its Move Overhead covers the network), a fixed
// time per move otherwise; `level` (1..8) the strength.
engine::Limits think_limits(const GameFull& full, const GameState& state, int level,
                            std::int64_t untimed_move_ms);

} // namespace evo::bot
