// Results the moves do not give (resignation, agreement, time forfeit, opponent left,
// aborted), laid on a core game or read back from an imported one.
#pragma once

#include "core/game.h"
#include "game_record.h"

#include <optional>

namespace evo::app {

// The reason of a game ended before anything counted: no result, the game is over.
inline constexpr const char* aborted_reason = "aborted";

bool is_aborted(const std::optional<DeclaredResult>& declared);
// Makes `declared` the game's outside result, or clears it. The core turns a time forfeit
// against material that could never mate into a draw (RULES 4.11); an aborted game has no
// result in the core, its end is the record's.
void apply_declared_result(Game& game, const std::optional<DeclaredResult>& declared);
// The result a PGN's Result tag or token gave beyond what its moves give.
std::optional<DeclaredResult> declared_result_of(const Game& game);
// Whether the game has ended: by its moves, by a declared result, or aborted.
bool is_over(const Game& game, const std::optional<DeclaredResult>& declared);

} // namespace evo::app
