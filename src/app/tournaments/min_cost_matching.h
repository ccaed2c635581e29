// A minimum-cost maximum-cardinality matching in a general graph: Edmonds's blossom method
// with Galil's primal-dual weights (Z. Galil, "Efficient algorithms for finding maximum
// matching in graphs", 1986), O(V^3). The arena pairs with it (lila's WMMatching runs the
// same algorithm). Boost.Graph's maximum_weighted_matching would do, but the one in Debian 12's
// Boost 1.81 fails on graphs as small as the arena's (docs/tournaments.md, "Why not Boost's").
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace evo::app {

struct MatchingEdge {
    int a = 0;
    int b = 0;
    std::int64_t cost = 0; // at least 0
};

// For each vertex 0..vertices-1 its mate, or -1: of all the matchings with the most pairs that
// the edges allow (a pair with no edge is not allowed), one of least total cost.
std::vector<int> min_cost_matching(int vertices, std::span<const MatchingEdge> edges);

} // namespace evo::app
