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

// What an iteration's end tells about how settled the choice is.
struct IterationSignals {
    double best_move_changes = 0; // changes of the best move, halved each iteration
    bool score_fell = false;      // the best score fell clearly since the last iteration
    double best_move_share = 0;   // of the nodes searched so far, the share below the best move
};

// How much the optimum is stretched (above 1) or shortened (below 1): longer while the best
// move keeps changing or the score falls, shorter when the best move took nearly all the
// nodes (the others were refuted at once).
double stretch_factor(const IterationSignals& signals);

class TimeManager {
  public:
    // `ply` is the game ply of the searched position, for the moves-left estimate.
    void start(const Limits& limits, Color us, int ply, int move_overhead_ms);

    bool uses_clock() const { return uses_clock_; }
    // After a completed iteration: true when no further one should start. `factor` (>= 1)
    // stretches the optimum while the best move is unstable. A fixed movetime is used to
    // the end: only maximum_ms() ends that search.
    bool stop_after_iteration(std::int64_t elapsed_ms, double factor) const;
    std::int64_t optimum_ms() const { return optimum_ms_; }
    std::int64_t maximum_ms() const { return maximum_ms_; }

    // Clock values beyond a century are taken as a century, so sums cannot overflow.
    static constexpr std::int64_t MaxClockMs = 100LL * 365 * 24 * 3600 * 1000;

  private:
    bool uses_clock_ = false;
    bool fixed_time_ = false;
    std::int64_t optimum_ms_ = 0;
    std::int64_t maximum_ms_ = 0;
};

} // namespace evo::engine
