// Lists written as text, comma-separated ("evochess,standard", lichess's `perfType`, a
// bot's X-Bot-Variants header): one reading for every edge that takes one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace evo {

// The items of `text` between commas, each without the spaces, tabs and line ends around
// it; empty items are skipped. At most `most` items are read (the rest is ignored), so a
// long list costs no more than that.
std::vector<std::string> comma_list(std::string_view text, std::size_t most = 1000);

} // namespace evo
