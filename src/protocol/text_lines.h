// The non-empty lines of a text file, and the resumable tools' state files (their first line
// the settings they were written with).
#pragma once

#include "core/result.h"

#include <fstream>
#include <string>
#include <vector>

namespace evo {

inline Result<std::vector<std::string>> read_lines(const std::string& path) {
    std::ifstream in(path);
    if (!in) return make_error("cannot read " + path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

// The lines of a state file written with `settings` (the first line included); an error when
// it cannot be read or was written with other settings.
inline Result<std::vector<std::string>> read_state_lines(const std::string& state_path,
                                                         const std::string& settings) {
    auto state = read_lines(state_path);
    if (!state) return make_error(state.error());
    if (state->empty() || (*state)[0] != settings)
        return make_error(state_path + " was written with other settings: " +
                          (state->empty() ? std::string("(empty)") : (*state)[0]));
    return state;
}

} // namespace evo
