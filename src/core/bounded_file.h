// A file read whole, but only a regular file and only up to a bound: a path that names a
// directory, a device (/dev/zero) or a pipe, or a file larger than the bound, is refused with
// one clear sentence instead of reading without end or aborting (issue 47, M5).
#pragma once

#include "result.h"

#include <cstddef>
#include <string>

namespace evo {

// The bytes of the regular file at `path` (symbolic links followed), if it holds at most
// `max_bytes`; else "cannot read PATH: " and why (no such file, a directory, a device, larger
// than the bound).
Result<std::string> read_bounded_file(const std::string& path, std::size_t max_bytes);

} // namespace evo
