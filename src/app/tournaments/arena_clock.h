// An arena's clock, as lichess gives it: base time and increment in whole seconds.
#pragma once

namespace evo::app {

struct ArenaClock {
    int base_seconds = 0;
    int increment_seconds = 0;
};

} // namespace evo::app
