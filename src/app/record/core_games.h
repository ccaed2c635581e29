// Core games made from what the app receives or stores: a variant name and FEN, stored UCI
// moves, a PGN. Errors are values with a sentence for a person; the caller gives them a kind.
#pragma once

#include "core/game.h"
#include "core/result.h"

#include <string>
#include <vector>

namespace evo::app {

// A game of the named variant at `fen` (its start position when empty).
Result<Game> start_game(const std::string& variant, const std::string& fen);
// A stored game: its start and its moves in UCI; a move the rules reject is named.
Result<Game> replay_game(const std::string& variant, const std::string& start_fen,
                         const std::vector<std::string>& moves_uci);

} // namespace evo::app
