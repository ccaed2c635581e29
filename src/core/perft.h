// Perft: the number of leaf nodes of the legal move tree, the standard move-generator test.
#pragma once

#include "position.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo {

struct PerftOptions {
    // Check at every node that the incremental key and bitboards match a fresh computation
    // (slow; for tests and debug builds).
    bool verify_consistency = false;
};

std::uint64_t perft(Position& pos, int depth, const PerftOptions& options = {});

struct PerftDivide {
    std::vector<std::pair<std::string, std::uint64_t>> moves; // UCI, nodes below it
    std::uint64_t total = 0;
};
PerftDivide perft_divide(Position& pos, int depth, const PerftOptions& options = {});

} // namespace evo
