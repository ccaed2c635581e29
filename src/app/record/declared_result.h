// Results the moves do not give (resignation, agreement, time forfeit, opponent left,
// aborted), laid on a core game or read back from an imported one; and their text, written
// only where they are stored (game_columns.h) and at the JSON and PGN edges.
#pragma once

#include "core/game.h"
#include "game_record.h"

#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

bool is_aborted(const std::optional<DeclaredResult>& declared);
// Makes `declared` the game's outside result, or clears it. The core turns a time forfeit
// against material that could never mate into a draw (RULES 4.11); an aborted game has no
// result in the core, its end is the record's.
void apply_declared_result(Game& game, const std::optional<DeclaredResult>& declared);
// The result a PGN's Result tag or token gave beyond what its moves give.
std::optional<DeclaredResult> declared_result_of(const Game& game);
// Whether the game has ended: by its moves, by a declared result, or aborted.
bool is_over(const Game& game, const std::optional<DeclaredResult>& declared);

// The texts: a reason's name ("resignation", "agreement", "time forfeit", "opponent left",
// "aborted") and an outcome's PGN result ("1-0", "0-1", "1/2-1/2", "*" while undecided).
std::string_view declared_reason_name(DeclaredReason reason);
std::string outcome_text(Outcome outcome);
// A declared result from its two texts; none when either is not one of ours or they do not
// go together (a "*" is an aborted game's, and an aborted game has no other result).
std::optional<DeclaredResult> declared_result_from_text(std::string_view result,
                                                        std::string_view reason);

} // namespace evo::app
