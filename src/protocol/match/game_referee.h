// Plays one game between two UCI engines with the rules core as referee: every move is
// checked, clocks are kept, and an illegal move, a crash or a flag fall loses.
#pragma once

#include "openings.h"
#include "time_control.h"
#include "uci_engine.h"

#include <atomic>
#include <string>

namespace evo::match {

struct RefereedGame {
    Game game;
    // Why an engine lost other than on the board: "illegal move 'e1e8' by X", ...
    std::string detail;
    bool aborted = false; // interrupted before the end: not a result
};

struct RefereeSettings {
    const Variant* variant = nullptr;
    SearchLimits limits;
    const std::atomic<bool>* interrupted = nullptr; // checked between moves
};

// Starts an engine that is not running, and readies both for a new game; an engine that
// cannot be readied loses the game.
RefereedGame play_game(UciEngine& white, UciEngine& black, const Opening& opening,
                       const RefereeSettings& settings);

// The UCI "position" line for a game so far: startpos when it began at the variant's start.
std::string position_command(const Game& game);

} // namespace evo::match
