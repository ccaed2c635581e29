// An arena's clock, as lichess gives it: base time and increment in whole seconds.
#pragma once

#include "app/record/game_clock.h"

namespace evo::app {

struct ArenaClock {
    int base_seconds = 0;
    int increment_seconds = 0;
};

// The clock of the event's games.
inline ClockSettings clock_settings_of(ArenaClock clock) {
    return {std::int64_t{clock.base_seconds} * 1000, std::int64_t{clock.increment_seconds} * 1000,
            std::nullopt};
}

} // namespace evo::app
