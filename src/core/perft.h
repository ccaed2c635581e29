// Perft: the number of leaf nodes of the legal move tree, the standard move-generator test.
#pragma once

#include "position.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace evo {

struct PerftOptions {
    // Check at every node that the incremental key and bitboards match a fresh computation
    // (slow; for tests and debug builds).
    bool verify_consistency = false;
    // Ends the count early when it becomes true (a UCI `stop`); the counts are then partial.
    const std::atomic<bool>* stop = nullptr;
};

std::uint64_t perft(Position& pos, int depth, const PerftOptions& options = {});

struct PerftDivide {
    std::vector<std::pair<std::string, std::uint64_t>> moves; // UCI, nodes below it
    std::uint64_t total = 0;
    bool complete = true; // false when stopped: `moves` holds the root moves fully counted
};
PerftDivide perft_divide(Position& pos, int depth, const PerftOptions& options = {});

} // namespace evo
