#pragma once
// A variant file's field set to a value, said in words for the new-game dialog: the default
// description of a variant without one ("As EvoChess, with a minor right every 2 pawn moves")
// names no INI field.

#include <string>
#include <string_view>

namespace evo::variants {

// `key = value` of a valid entry in words; an unknown pair is said as "key = value".
std::string field_in_words(std::string_view key, std::string_view value);

// "a", "a and b", "a, b and c".
std::string join_in_words(const std::string& so_far, const std::string& next, bool last);

} // namespace evo::variants
