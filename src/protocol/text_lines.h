// The non-empty lines of a text file (the resumable tools' state files).
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

} // namespace evo
