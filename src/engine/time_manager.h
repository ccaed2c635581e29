// How long to think: an optimum time after which no new iteration starts (stretched when
// the best move keeps changing) and a maximum after which the search stops at once.
#pragma once

#include "engine.h"

#include <chrono>
#include <cstdint>

namespace evo::engine {

using Clock = std::chrono::steady_clock;

inline std::int64_t elapsed_ms(Clock::time_point since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

class TimeManager {
  public:
    // `ply` is the game ply of the searched position, for the moves-left estimate.
    void start(const Limits& limits, Color us, int ply, int move_overhead_ms);

    bool uses_clock() const { return uses_clock_; }
    std::int64_t optimum_ms() const { return optimum_ms_; }
    std::int64_t maximum_ms() const { return maximum_ms_; }

  private:
    bool uses_clock_ = false;
    std::int64_t optimum_ms_ = 0;
    std::int64_t maximum_ms_ = 0;
};

} // namespace evo::engine
