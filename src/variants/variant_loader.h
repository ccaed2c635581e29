// Loads a variants file into the core's registry: reads it (inih), compiles every section,
// checks each start position under the variant's own rules, then registers them all, or
// none if anything is wrong.
#pragma once

#include "variant_file_error.h"

#include "core/variant.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo::variants {

// `file` names the text in errors. Checks everything, registers nothing: the definitions,
// in the file's order.
Outcome<std::vector<VariantDefinition>> parse_variants_text(std::string_view text,
                                                            const std::string& file);

// As parse_variants_text, then registers them all: the variants it defines.
Outcome<std::vector<const Variant*>> load_variants_text(std::string_view text,
                                                        const std::string& file);
Outcome<std::vector<const Variant*>> load_variants_file(const std::string& path);

} // namespace evo::variants
