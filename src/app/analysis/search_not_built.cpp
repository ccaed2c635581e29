// Compiled when the build has no engine library: the server runs, and says it has no engine.
#include "engine_port.h"

namespace evo::app {

SearchFunction built_in_search() {
    return {};
}

std::vector<EngineLevel> built_in_levels() {
    return {};
}

} // namespace evo::app
