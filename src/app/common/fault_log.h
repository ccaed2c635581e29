// Logging of faults to stderr, at most once a minute per kind of fault, so that a storage
// failure under load is said once with a count rather than thousands of times.
#pragma once

#include <string>

namespace evo::app {

void log_fault(const std::string& kind, const std::string& detail);

} // namespace evo::app
