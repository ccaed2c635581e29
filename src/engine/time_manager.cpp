#include "time_manager.h"

#include <algorithm>

namespace evo::engine {

namespace {

std::int64_t clock_value(std::int64_t ms) {
    return std::clamp<std::int64_t>(ms, 0, TimeManager::MaxClockMs);
}

} // namespace

void TimeManager::start(const Limits& limits, Color us, int ply, int move_overhead_ms) {
    uses_clock_ = false;
    fixed_time_ = false;
    move_overhead_ms = std::clamp(move_overhead_ms, 0, 60000);
    if (limits.movetime_ms) {
        uses_clock_ = true;
        fixed_time_ = true;
        optimum_ms_ = maximum_ms_ =
            std::max<std::int64_t>(1, clock_value(*limits.movetime_ms) - move_overhead_ms);
        return;
    }
    if (!limits.time_ms[us]) return;
    uses_clock_ = true;
    std::int64_t time = clock_value(*limits.time_ms[us]);
    std::int64_t increment = clock_value(limits.increment_ms[us]);
    // Moves still to play in this time: the control's count, else a guess that shrinks as
    // the game goes on.
    int moves_left = limits.moves_to_go ? std::clamp(*limits.moves_to_go, 1, 50)
                                        : std::clamp(50 - ply / 4, 20, 50);
    std::int64_t usable = std::max<std::int64_t>(1, time + increment * (moves_left - 1) -
                                                        move_overhead_ms * (2 + moves_left));
    optimum_ms_ = usable / moves_left;
    // Never more than most of what is left on the clock.
    std::int64_t cap = std::max<std::int64_t>(1, time * 8 / 10 - move_overhead_ms);
    maximum_ms_ = std::min(cap, optimum_ms_ * 5);
    if (moves_left == 1) maximum_ms_ = std::min(cap, usable);
    optimum_ms_ = std::min(optimum_ms_, maximum_ms_);
    optimum_ms_ = std::max<std::int64_t>(optimum_ms_, 1);
    maximum_ms_ = std::max<std::int64_t>(maximum_ms_, 1);
}

double stretch_factor(const IterationSignals& signals) {
    double factor = 1.0 + 0.35 * signals.best_move_changes;
    if (signals.score_fell) factor *= 1.3;
    factor *= (1.5 - std::clamp(signals.best_move_share, 0.0, 1.0)) * 1.4;
    return std::clamp(factor, 0.5, 2.5);
}

bool TimeManager::stop_after_iteration(std::int64_t elapsed_ms, double factor) const {
    if (!uses_clock_ || fixed_time_) return false;
    // An iteration takes about as long as all before it: past 60% of the (stretched)
    // optimum, the next one would not finish in time.
    return double(elapsed_ms) > double(optimum_ms_) * factor * 0.6;
}

} // namespace evo::engine
