// Shared helpers for the libFuzzer targets.
#pragma once

#include "core/position.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace evo::fuzz {

// Positions the notation fuzzers parse moves in: one per variant with every kind of move.
inline const Position& position_for(std::uint8_t selector) {
    static const Position positions[] = {
        *Position::from_fen(*find_variant("chess"),
                            "r3k2r/1P3p2/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1"),
        *Position::from_fen(*find_variant("evochess"),
                            "4k3/1P6/8/3n4/4P3/2N5/8/4KB2 w - - 0 1 2,1,1,1/0,0,0,0"),
        *Position::from_fen(*find_variant("echess"),
                            "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0"),
        *Position::from_fen(*find_variant("promoteking"), "c7/4P3/4K3/8/8/8/1P6/8 w - - 0 1 b,0"),
        *Position::from_fen(*find_variant("promoteking"), "4R3/7k/8/8/8/8/4P3/4K3 w V - 0 1 -,0"),
        *Position::from_fen(*find_variant("promoteking"), "4k3/8/8/3pK3/8/8/8/8 w - d6 0 2 -,0"),
    };
    return positions[selector % (sizeof positions / sizeof positions[0])];
}

[[noreturn]] inline void fail() {
    std::abort();
}

} // namespace evo::fuzz
