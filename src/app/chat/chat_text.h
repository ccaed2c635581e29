// What a chat line may hold (issue 47, L6): after trimming, at least one visible character;
// no control characters (C0, DEL, C1) and no invisible format characters (Unicode's Cf:
// zero-width spaces, byte-order marks, bidirectional overrides that turn the text around),
// except the zero-width joiner and non-joiner, which join emoji and the letters of scripts
// that need them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

// Why `text` (valid UTF-8, trimmed) may not be posted; nullopt when it may.
std::optional<std::string> chat_text_problem(std::string_view text);

// How many characters (code points) `text` has.
int chat_text_length(std::string_view text);

} // namespace evo::app
