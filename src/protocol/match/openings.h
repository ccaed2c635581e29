// Opening sets: the start of each game, so that a match is not the same game over and over.
#pragma once

#include "core/game.h"

#include <string>
#include <vector>

namespace evo::match {

struct Opening {
    Game game;          // start position and opening moves, not finished
    std::string source; // "FILE:LINE" or "FILE game N", for messages and the PGN
};

// A file of lines, each a FEN or a move sequence (UCI or SAN, move numbers allowed:
// "1. e4 e5 2. Nf3"), with blank lines and '#' comments skipped; or a PGN file (it has
// tag lines) whose games give start and moves. Every opening is checked by the rules.
Result<std::vector<Opening>> parse_openings(std::string_view text, const Variant& variant,
                                            const std::string& file_name);
Result<std::vector<Opening>> load_openings(const std::string& path, const Variant& variant);

} // namespace evo::match
