// Input quoted in an error message. Messages travel on to JSON and terminals, so the quote
// must stay one line of valid UTF-8 whatever bytes the input held.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace evo {

// `text` with control characters and bytes that are not part of valid UTF-8 written as
// \xNN; longer than `max_size` bytes, it is cut (at a character boundary) and ends in "...".
std::string quote_input(std::string_view text, std::size_t max_size = 60);

// Whether `text` is valid UTF-8 (RFC 3629).
bool is_valid_utf8(std::string_view text);

} // namespace evo
