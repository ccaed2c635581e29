// A puzzle as the miner writes it (docs/puzzles.md): one JSON object a line.
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo::puzzles {

// Where a puzzle was mined: a self-play game (its index per variant under one seed) or a
// game of a PGN file (its index in the file).
struct PuzzleOrigin {
    std::string kind; // "selfplay" or "pgn"
    int game = 0;
    int ply = 0; // of the setting move, in that game
};

struct Puzzle {
    std::string id;
    std::string variant;
    std::string fen;                // before the opponent's setting move
    std::vector<std::string> moves; // UCI: the setting move, then the solution
    int rating = 0;
    std::vector<std::string> themes;
    PuzzleOrigin origin;
};

// The key of a mined game, for --resume: "VARIANT/selfplay/N" or "pgn/N".
std::string game_key(std::string_view variant, std::string_view kind, int game);

// A stable id from what the puzzle is (variant, fen, moves): the same puzzle mined twice
// gets the same id. 12 hex digits.
std::string puzzle_id(std::string_view variant, std::string_view fen,
                      const std::vector<std::string>& moves);

std::string to_json_line(const Puzzle& puzzle);
Result<Puzzle> puzzle_from_json(std::string_view line);

} // namespace evo::puzzles
