// The PGN of a refereed game: the core's PGN with the match's tags, and the reason an
// engine lost off the board as a comment before the result.
#pragma once

#include "game_referee.h"

#include "core/pgn.h"

#include <string>

namespace evo::match {

struct MatchGameInfo {
    std::string white, black;
    int round = 0;
    // PGN TimeControl tag: "10+0.1", or "-" without a clock. When the two differ (time
    // odds) the PGN gets WhiteTimeControl and BlackTimeControl instead, as cutechess writes.
    std::string white_time_control, black_time_control;
    std::string opening_source;
};

std::string match_game_pgn(const RefereedGame& record, const MatchGameInfo& info);

} // namespace evo::match
