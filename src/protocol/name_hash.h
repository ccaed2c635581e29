// A stable 64-bit hash of a name (FNV-1a), so that a self-play game's random draws depend on
// its variant's name the same way on every machine (the puzzle miner, the data generator).
#pragma once

#include <cstdint>
#include <string_view>

namespace evo {

inline std::uint64_t name_hash(std::string_view name) {
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : name) hash = (hash ^ c) * 1099511628211ull;
    return hash;
}

} // namespace evo
