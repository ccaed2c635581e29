// lichess's variant keys (its API's `variant.key`), one mapping for every edge that speaks
// lichess's API (the server's Bot and Board API, our bot client): chess is "standard", and
// chess from a set-up position "fromPosition"; every other variant, built in or loaded from
// a file, is keyed by its registry name.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace evo {

// The key of the variant named `variant` in the registry.
std::string lichess_variant_key(std::string_view variant);
// The registry name a key names; none for a key of no variant here (and for "chess", which
// lichess does not use).
std::optional<std::string> variant_of_lichess_key(std::string_view key);

} // namespace evo
