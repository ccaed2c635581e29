// The fields of a variants file: one per member of the Variant description, snake_case,
// with the parser of its value. docs/variants.md explains each.
#pragma once

#include "core/variant.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace evo::variants {

struct FieldInfo {
    std::string_view name;
    bool rule; // a rule a variant without a parent must set (display_name, description: no)
};

std::span<const FieldInfo> variant_fields();
bool is_field(std::string_view name);

// Parses `value` into `field` of `def`; the reason on failure.
std::optional<std::string> set_field(VariantDefinition& def, std::string_view field,
                                     std::string_view value);

// The value of `field` in `def`, written as a file would (for generated descriptions).
std::string field_value(const VariantDefinition& def, std::string_view field);

// The name an evolution rule has in a variants file: "none", "accumulate" or "expire".
std::string evolution_name(Evolution evolution);

} // namespace evo::variants
