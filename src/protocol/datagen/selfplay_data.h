// `evochess datagen`: self-play games at a fixed node count from varied openings, their
// quiet positions labelled with the search's score and the game's result (docs/nnue.md).
// Each game has engines of its own and draws from the seed and its index, so a game's
// positions depend only on the settings, never on the thread that played it.
#pragma once

#include "training_format.h"

#include "core/game.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace evo::datagen {

// Adjudication (docs/nnue.md): a game both sides' searches call won for WinPlies plies in a
// row, or level for DrawPlies plies in a row after DrawFromPly, ends there.
struct Adjudication {
    int win_cp = 1000; // centipawns of the variant's pawn (score_unit.h), or any mate score
    int win_plies = 6;
    int draw_cp = 10;
    int draw_plies = 10;
    int draw_from_ply = 80;
};

struct DatagenSettings {
    const Variant* variant = nullptr;
    int games = 0;
    std::uint64_t seed = 1;
    std::uint64_t nodes = 5'000; // per move
    int threads = 1;
    int max_plies = 400; // a game still going then is scored a draw (adjudicated)
    int min_random_plies = 2, max_random_plies = 9;
    Adjudication adjudication;
    // Engine options (name, value) set before each game's searches: which evaluation labels
    // the positions (Use NNUE, EvalFile).
    std::vector<std::pair<std::string, std::string>> engine_options;
    int first_game = 0; // games before this are done (--resume)
    // The positions of each game, in the games' order (a game finished early waits for those
    // before it): never two calls at once.
    std::function<void(int game, const std::vector<TrainingPosition>&)> on_game;
    const std::atomic<bool>* interrupted = nullptr;
};

// One game: random legal plies (min..max_random_plies, drawn per game), then the engine at
// `nodes` per move for both sides. Its quiet positions (not in check, no mate score, the
// best move no capture and no last-rank promotion) with the result; empty when the game
// ended during the random plies or was interrupted.
std::vector<TrainingPosition> play_game(int game, const DatagenSettings& settings);

// Games first_game..games-1 on `threads` threads; answers how many were handed to on_game.
int generate(const DatagenSettings& settings);

} // namespace evo::datagen
