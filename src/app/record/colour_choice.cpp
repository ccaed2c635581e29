#include "colour_choice.h"

#include "app/common/storage_error.h"

#include <string>

namespace evo::app {

std::string_view colour_choice_name(ColourChoice choice) {
    switch (choice) {
    case ColourChoice::White: return "w";
    case ColourChoice::Black: return "b";
    case ColourChoice::Random: break;
    }
    return "random";
}

std::optional<ColourChoice> colour_choice_named(std::string_view name) {
    for (ColourChoice choice : {ColourChoice::White, ColourChoice::Black, ColourChoice::Random})
        if (colour_choice_name(choice) == name) return choice;
    return std::nullopt;
}

ColourChoice stored_colour_choice(std::string_view name) {
    if (auto choice = colour_choice_named(name)) return *choice;
    throw StorageError(StorageErrorKind::Corrupt, "a stored offer's colour is '" +
                                                      std::string(name) + "', which is no colour");
}

} // namespace evo::app
