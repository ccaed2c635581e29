// Reads INI text into sections with Debian's inih, keeping each line's number. A section is
// `[name]` or `[name:parent]`; lines starting with blanks continue the value above.
#pragma once

#include "variant_file_error.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo::variants {

struct IniEntry {
    std::string key;
    std::string value;
    int line = 0;
};

struct IniSection {
    std::string name;
    std::string parent; // empty: none
    int line = 0;
    std::vector<IniEntry> entries;
};

// `file` names the text in errors. Duplicate section names and fields are errors here.
Outcome<std::vector<IniSection>> read_ini_sections(std::string_view text, const std::string& file);

} // namespace evo::variants
