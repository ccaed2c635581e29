// The colour a game's maker asks for (a new game, a seek, a challenge), and its text: the one
// the API shows and the one stored are the same.
#pragma once

#include <optional>
#include <string_view>

namespace evo::app {

enum class ColourChoice { White, Black, Random };

// "w", "b", "random".
std::string_view colour_choice_name(ColourChoice choice);
std::optional<ColourChoice> colour_choice_named(std::string_view name);
// The colour of a stored seek or challenge; a text that is no colour's is a corrupt
// StorageError.
ColourChoice stored_colour_choice(std::string_view name);

} // namespace evo::app
