// Turns the sections of a variants file into complete Variant descriptions: resolves
// `[name:parent]` inheritance, applies each field, checks that the settings hold together
// and derives what follows from them (the seventh FEN field). Needs only the core's headers,
// so the build can use it to compile the built-in games (variants_codegen).
#pragma once

#include "ini_sections.h"

#include "core/variant.h"

#include <span>
#include <vector>

namespace evo::variants {

struct CompiledVariant {
    VariantDefinition definition; // strings owned; call bind() where it finally lives
    int line = 0;                 // of its [section]
    int start_fen_line = 0;       // of the start_fen it uses, 0 if inherited from a built-in
};

// `bases`: variants a section may name as parent besides those in the file (the built-in
// games); their names cannot be redefined. Output in the file's order.
Outcome<std::vector<CompiledVariant>> compile_variants(const std::vector<IniSection>& sections,
                                                       const std::string& file,
                                                       std::span<const Variant> bases);

} // namespace evo::variants
