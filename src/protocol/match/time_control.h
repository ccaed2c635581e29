// How long engines may think: a clock (`--tc 10+0.1`), a node or depth limit, or both.
#pragma once

#include "core/result.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace evo::match {

using Milliseconds = std::chrono::milliseconds;

struct TimeControl {
    Milliseconds base{0};
    Milliseconds increment{0};
};

// "10+0.1" (seconds, plus an increment per move), "60" or "1:30+1".
Result<TimeControl> parse_time_control(std::string_view text);
// As the PGN TimeControl tag writes it: "10+0.1".
std::string time_control_tag(const TimeControl& tc);

struct SearchLimits {
    std::optional<TimeControl> clock;
    std::int64_t nodes = 0; // 0: no limit
    int depth = 0;          // 0: no limit
    // A fixed time for each move (UCI "go movetime", cutechess's st=); 0: none. Weakened
    // Stockfish, say, answers from a shallow search on a short clock, so anchors use this.
    Milliseconds movetime{0};
    // A move arriving this late after the flag still counts: pipes and scheduling on a busy
    // machine are not the engine's thinking.
    Milliseconds flag_margin{50};
    // Without a clock, an engine that gives no move within this long is taken to hang.
    Milliseconds hang_timeout{60000};
};

// The longest `go movetime` a match sends (an hour).
constexpr Milliseconds MaxMovetime{3'600'000};

// "tc 10+0.1, nodes 5000, depth 4, movetime 200 ms": the limits set, empty without any.
std::string limits_text(const SearchLimits& limits);

// The UCI "go" line for a move, with both clocks as they stand.
std::string go_command(const SearchLimits& limits, Milliseconds white_left,
                       Milliseconds black_left);
// The same when each side has limits of its own: the mover's node and depth limits, and
// the clocks (each with its own increment) when the mover has one.
std::string go_command(const SearchLimits& white, const SearchLimits& black, bool white_to_move,
                       Milliseconds white_left, Milliseconds black_left);

} // namespace evo::match
