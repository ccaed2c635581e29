// Bounds on a JSON request body's shape, checked before it is built: a 1 MiB body of
// nested arrays would otherwise become some 100 MB of values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

struct JsonShapeLimits {
    // Far above any request of docs/api.md (the deepest nests 2 levels, the longest holds 2,000
    // moves).
    int max_depth = 32;
    std::size_t max_values = 20'000;
};

// Why `text` exceeds the limits ("nested deeper than 32 ..."), or nothing: also nothing for
// text that is not JSON at all (the parser that follows says that).
std::optional<std::string> json_shape_problem(std::string_view text, JsonShapeLimits limits = {});

} // namespace evo::app
