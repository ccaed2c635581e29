// PGN reading and writing with [Variant] and [FEN] tags (RULES 5.4).
#pragma once

#include "game.h"

#include <string>
#include <utility>
#include <vector>

namespace evo {

using PgnTags = std::vector<std::pair<std::string, std::string>>;

struct PgnGame {
    PgnTags tags; // as read, in order
    Game game;
};

// Reads the one game of a PGN text (split_pgn_games for files of many): text after the
// result token is an error. The variant comes from [Variant] (default chess), the start
// from [FEN]; moves are SAN (tolerant reading, 5.3). Tag names follow the PGN standard
// (letters, digits, '_'; a letter first) and tag values are one line of UTF-8. A "Result"
// tag or token that ends a game the rules did not end (resignation, agreement) is kept as
// an outside result. Error messages quote the input escaped, always valid UTF-8.
Result<PgnGame> parse_pgn(std::string_view text);

// Splits a PGN file into the texts of its games.
std::vector<std::string> split_pgn_games(std::string_view text);

// Writes a game. Seven-tag roster first (missing ones get "?"), then Variant, FEN/SetUp
// when the start is not the variant's, Points for a finished promoteking game, then the
// caller's other tags.
std::string to_pgn(const Game& game, const PgnTags& tags = {});

} // namespace evo
