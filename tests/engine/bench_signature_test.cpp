// The bench node count is the search's signature (issue 3, item 4): a change that alters
// search behaviour changes it, and its commit message says so. Update ExpectedNodes then.
#include "engine_test_util.h"

#include "engine/bench.h"

#include <gtest/gtest.h>

namespace evo::test {
namespace {

constexpr std::uint64_t ExpectedNodes = 1180690;

TEST(BenchSignatureTest, NodeCountMatches) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    engine::BenchResult r =
        engine::run_bench(engine::DefaultBenchDepth, engine::DefaultBenchHashMb);
    EXPECT_EQ(r.nodes, ExpectedNodes)
        << "bench signature changed; if intended, update ExpectedNodes";
}

TEST(BenchSignatureTest, SearchIsDeterministic) {
    engine::BenchResult a = engine::run_bench(6, 4);
    engine::BenchResult b = engine::run_bench(6, 4);
    EXPECT_EQ(a.nodes, b.nodes);
}

} // namespace
} // namespace evo::test
