// The matching against an exhaustive search over every matching of small random graphs.
#include "app/tournaments/min_cost_matching.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <utility>

namespace evo::app {
namespace {

struct Best {
    int pairs = 0;
    std::int64_t cost = 0;
};

// The most pairs, then the least cost, over every matching (vertex `from` on: left single or
// matched to a later free vertex it has an edge to).
Best exhaustive(int from, std::vector<bool>& used, int n,
                const std::map<std::pair<int, int>, std::int64_t>& cost) {
    while (from < n && used[from]) ++from;
    if (from >= n) return {};
    used[from] = true;
    Best best = exhaustive(from + 1, used, n, cost);
    for (int j = from + 1; j < n; ++j) {
        const auto edge = cost.find({from, j});
        if (used[j] || edge == cost.end()) continue;
        used[j] = true;
        Best with = exhaustive(from + 1, used, n, cost);
        used[j] = false;
        with.pairs += 1;
        with.cost += edge->second;
        if (with.pairs > best.pairs || (with.pairs == best.pairs && with.cost < best.cost))
            best = with;
    }
    used[from] = false;
    return best;
}

TEST(ArenaMatching, EqualsTheExhaustiveOptimumOnSmallRandomGraphs) {
    std::mt19937 random(20261204);
    for (int trial = 0; trial < 3000; ++trial) {
        const int n = 1 + static_cast<int>(random() % 11);
        const double density = std::uniform_real_distribution<>(0.2, 1.0)(random);
        // Small cost ranges make many ties, large ones few.
        const std::int64_t cost_range = trial % 3 == 0 ? 3 : trial % 3 == 1 ? 100 : 5'000'000;
        std::vector<MatchingEdge> edges;
        std::map<std::pair<int, int>, std::int64_t> cost;
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                if (std::uniform_real_distribution<>(0, 1)(random) > density) continue;
                const std::int64_t c = static_cast<std::int64_t>(random() % cost_range);
                edges.push_back(trial % 2 ? MatchingEdge{b, a, c} : MatchingEdge{a, b, c});
                cost[{a, b}] = c;
            }
        const auto mates = min_cost_matching(n, edges);
        ASSERT_EQ(static_cast<int>(mates.size()), n);
        Best found;
        for (int v = 0; v < n; ++v) {
            if (mates[v] < 0) continue;
            ASSERT_EQ(mates[mates[v]], v) << "trial " << trial;
            if (mates[v] < v) continue;
            const auto edge = cost.find({v, mates[v]});
            ASSERT_NE(edge, cost.end()) << "a pair with no edge, trial " << trial;
            found.pairs += 1;
            found.cost += edge->second;
        }
        std::vector<bool> used(n, false);
        const Best best = exhaustive(0, used, n, cost);
        ASSERT_EQ(found.pairs, best.pairs) << "trial " << trial << ", " << n << " vertices";
        ASSERT_EQ(found.cost, best.cost) << "trial " << trial << ", " << n << " vertices";
    }
}

TEST(ArenaMatching, NoEdgesNoPairs) {
    EXPECT_EQ(min_cost_matching(3, {}), (std::vector<int>{-1, -1, -1}));
    EXPECT_TRUE(min_cost_matching(0, {}).empty());
}

TEST(ArenaMatching, MorePairsBeforeLessCost) {
    // 0-1 is cheap but leaves 2 and 3 single; 0-2 and 1-3 cost more and pair all four.
    const std::vector<MatchingEdge> edges{{0, 1, 0}, {0, 2, 1000}, {1, 3, 1000}};
    EXPECT_EQ(min_cost_matching(4, edges), (std::vector<int>{2, 3, 0, 1}));
}

TEST(ArenaMatching, AHundredPlayersAreMatchedWhole) {
    std::mt19937 random(7);
    std::vector<MatchingEdge> edges;
    for (int a = 0; a < 100; ++a)
        for (int b = a + 1; b < 100; ++b)
            edges.push_back({a, b, static_cast<std::int64_t>(random() % 200'000)});
    const auto mates = min_cost_matching(100, edges);
    for (int v = 0; v < 100; ++v) {
        ASSERT_GE(mates[v], 0);
        ASSERT_EQ(mates[mates[v]], v);
    }
}

} // namespace
} // namespace evo::app
