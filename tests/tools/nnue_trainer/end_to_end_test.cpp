// Issue 20's tiny end-to-end run: `evochess datagen` writes a few hundred positions,
// nnue_trainer trains a net on them briefly, the engine loads the net (EvalFile, Use NNUE)
// and a `go nodes 2000` search with it answers a move.
#include "engine/engine.h"
#include "engine/nnue/net_file.h"

#include "core/variant.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>

namespace evo::nnue {
namespace {

int run(const std::string& command) {
    int status = std::system((command + " >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(NnueEndToEnd, DatagenThenTrainingGiveANetTheEngineSearchesWith) {
    const std::string dir = ::testing::TempDir();
    const std::string data = dir + "nnue_end_to_end.bin", net = dir + "nnue_end_to_end.nnue";
    std::remove(data.c_str());
    std::remove((data + ".state").c_str());
    ASSERT_EQ(run(std::string(EVOCHESS_BINARY) + " datagen --variant evochess --games 6 " +
                  "--nodes 300 --seed 1 --out " + data),
              0);
    ASSERT_EQ(run(std::string(TRAINER_BINARY) + " --data " + data +
                  " --epochs 2 --hidden 32 --seed 1 --out " + net),
              0);
    auto loaded = load_net(net);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_EQ(loaded->family, "evochess");

    engine::Engine engine;
    ASSERT_FALSE(engine.set_option("EvalFile", net));
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    const Variant& evochess = *find_variant("evochess");
    ASSERT_TRUE(engine.uses_nnue(evochess));
    engine::Limits limits;
    limits.nodes = 2000;
    engine::SearchResult result = engine.search(Game(evochess), limits);
    EXPECT_FALSE(result.best_move.is_none());
    EXPECT_GE(result.nodes, 2000u);
    std::remove(data.c_str());
    std::remove((data + ".state").c_str());
    std::remove(net.c_str());
}

} // namespace
} // namespace evo::nnue
