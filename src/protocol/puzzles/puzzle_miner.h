// `evochess puzzles`: self-play games (and recorded games) mined for puzzles, one game per
// thread at a time, each with engines of its own so that a game's puzzles depend only on
// the settings, the seed and the game's index (docs/puzzles.md).
#pragma once

#include "puzzle.h"
#include "puzzle_finder.h"

#include "core/game.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace evo::puzzles {

struct MiningSettings {
    std::vector<const Variant*> variants;
    int games = 0; // self-play games per variant
    std::uint64_t seed = 1;
    std::uint64_t finder_nodes = 20'000; // per move of the self-play games
    FinderRules rules;                   // verify_nodes among them
    int threads = 1;
    int max_plies = 300;
    std::vector<Game> recorded_games; // from --pgn, mined after the self-play games
    std::set<std::string> done;       // game keys to skip (--resume)
    // After each mined game (not after an interrupted one): never two calls at once.
    std::function<void(const std::string& key, const std::vector<Puzzle>&)> on_game;
    const std::atomic<bool>* interrupted = nullptr;
};

// The puzzles of one self-play game: 2 to 7 random moves, then moves of a weakened level
// (Beginner to Club, drawn per game), every position scored by the finder at finder_nodes,
// until the game ends or stays decided for 8 plies. All draws come from the seed, the
// variant and the game's index.
std::vector<Puzzle> mine_selfplay_game(const Variant& variant, int game,
                                       const MiningSettings& settings);

// The puzzles of a recorded game, each position scored by the finder first.
std::vector<Puzzle> mine_recorded_game(const Game& game, int index, const MiningSettings& settings);

// The puzzles of a played line, given the finder's score of each position (none where it was
// not searched, such as random plies): every candidate verified, each found puzzle's line
// skipped before looking for the next; a puzzle with the same first move as the one found
// a few plies before (a blunder the player did not punish) is left out.
std::vector<Puzzle> puzzles_in_line(const Position& start, const std::vector<Move>& moves,
                                    const std::vector<std::optional<engine::Score>>& scores,
                                    const FinderRules& rules, const PuzzleOrigin& origin);

// Every game of the settings not in `done`, on `threads` threads; answers how many were mined.
int mine(const MiningSettings& settings);

} // namespace evo::puzzles
