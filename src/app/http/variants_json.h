// The JSON of the variants (docs/api.md, GET /api/variants and the game pages): names, start
// FENs, display names, descriptions, evolution and rules, written from the core's registry.
#pragma once

#include <nlohmann/json.hpp>

namespace evo::app {

nlohmann::json variants_json();

} // namespace evo::app
