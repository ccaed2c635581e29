// The learned evaluation in the engine (docs/nnue.md, "Inference"): the options Use NNUE and
// EvalFile, nets refused with a clear error (corrupt, missing, of another family), a variant
// from a file using its parent's net, searches that evaluate with the net.
#include "random_net.h"

#include "engine/engine.h"
#include "engine/nnue/embedded.h"
#include "engine/nnue/net_file.h"

#include "core/variant.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace evo::engine {
namespace {

std::string temp_net(const std::string& name, const nnue::Net& net) {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("evochess_engine_nnue_" + std::to_string(::getpid()) + "_" + name))
                           .string();
    EXPECT_TRUE(nnue::write_net(path, net));
    return path;
}

SearchResult search_depth(Engine& engine, const Variant& variant, int depth) {
    Game game(variant);
    Limits limits;
    limits.depth = depth;
    return engine.search(game, limits);
}

TEST(EngineNnue, OptionsAreAdvertisedWithTheNetsAsDefault) {
    Engine engine;
    bool use = false, file = false;
    for (const OptionDescription& o : engine.options()) {
        if (o.name == "Use NNUE")
            use = o.type == OptionDescription::Type::Check && o.default_value == "true";
        if (o.name == "EvalFile") file = o.type == OptionDescription::Type::String;
    }
    EXPECT_TRUE(use);
    EXPECT_TRUE(file);
    // By default every variant whose family has a built-in net evaluates with it, and the
    // others quietly with the hand-written evaluation.
    for (const Variant& variant : builtin_variants()) {
        bool built_in = nnue::find_embedded_net(nnue::shipped_nets(), nnue::net_family(variant));
        EXPECT_EQ(engine.uses_nnue(variant), built_in) << variant.name;
        EXPECT_FALSE(engine.evaluation_problem(variant)) << variant.name;
    }
    EXPECT_TRUE(engine.uses_nnue(*find_variant("evochess")));
    // Off: the hand-written evaluation everywhere.
    ASSERT_FALSE(engine.set_option("Use NNUE", "false"));
    EXPECT_FALSE(engine.uses_nnue(*find_variant("evochess")));
    EXPECT_FALSE(engine.evaluation_problem(*find_variant("evochess")));
}

TEST(EngineNnue, ACorruptNetFileIsRefusedAndTheBuiltInEvaluationStays) {
    std::string path = temp_net("corrupt.nnue", nnue::testing::random_net("chess", 16, 1));
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        f.put('\x55');
    }
    Engine engine;
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    auto error = engine.set_option("EvalFile", path);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("checksum"), std::string::npos) << *error;
    EXPECT_NE(error->find("the built-in evaluation stays in use"), std::string::npos);
    bool chess_net = nnue::find_embedded_net(nnue::shipped_nets(), "chess");
    EXPECT_EQ(engine.uses_nnue(chess_variant()), chess_net);
    EXPECT_FALSE(search_depth(engine, chess_variant(), 4).best_move.is_none());
    std::filesystem::remove(path);
}

TEST(EngineNnue, AMissingNetFileIsRefused) {
    Engine engine;
    auto error = engine.set_option("EvalFile", "/nonexistent/dir/chess.nnue");
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("cannot read /nonexistent/dir/chess.nnue"), std::string::npos);
}

// Issue 47, M5: a directory aborted the engine and /dev/zero was read for gigabytes.
TEST(EngineNnue, ADirectoryOrADeviceAsEvalFileIsRefusedInOneLine) {
    Engine engine;
    auto directory = engine.set_option("EvalFile", ::testing::TempDir());
    ASSERT_TRUE(directory);
    EXPECT_NE(directory->find("a directory, not a file"), std::string::npos) << *directory;
    EXPECT_EQ(directory->find('\n'), std::string::npos);
    if (std::filesystem::exists("/dev/zero")) {
        auto device = engine.set_option("EvalFile", "/dev/zero");
        ASSERT_TRUE(device);
        EXPECT_NE(device->find("not a regular file"), std::string::npos) << *device;
    }
    EXPECT_FALSE(search_depth(engine, chess_variant(), 3).best_move.is_none());
}

TEST(EngineNnue, ANetOfAnotherFamilyIsRefusedForTheVariant) {
    std::string path = temp_net("chess.nnue", nnue::testing::random_net("chess", 16, 1));
    Engine engine;
    ASSERT_FALSE(engine.set_option("EvalFile", path));
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    EXPECT_TRUE(engine.uses_nnue(chess_variant()));
    const Variant& evochess = *find_variant("evochess");
    EXPECT_FALSE(engine.uses_nnue(evochess));
    auto problem = engine.evaluation_problem(evochess);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("family 'chess'"), std::string::npos) << *problem;
    EXPECT_NE(problem->find("needs one of family 'evochess'"), std::string::npos) << *problem;
    std::filesystem::remove(path);
}

TEST(EngineNnue, UseNnueOnEvaluatesWithEachBuiltInNetOrSaysThereIsNone) {
    Engine engine;
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    for (const Variant& variant : builtin_variants()) {
        bool shipped = nnue::find_embedded_net(nnue::shipped_nets(), nnue::net_family(variant));
        EXPECT_EQ(engine.uses_nnue(variant), shipped) << variant.name;
        if (!shipped) {
            auto problem = engine.evaluation_problem(variant);
            ASSERT_TRUE(problem) << variant.name;
            EXPECT_NE(problem->find("no net is built in"), std::string::npos) << *problem;
        }
    }
}

TEST(EngineNnue, TwoThreadsSearchWithTheNet) {
    std::string path = temp_net("threads.nnue", nnue::testing::random_net("echess", 32, 6));
    Engine engine;
    ASSERT_FALSE(engine.set_option("EvalFile", path));
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    ASSERT_FALSE(engine.set_option("Threads", "2"));
    SearchResult result = search_depth(engine, *find_variant("echess"), 7);
    EXPECT_FALSE(result.best_move.is_none());
    Position start = Position::start(*find_variant("echess"));
    EXPECT_TRUE(engine.nnue_evaluation(start));
    EXPECT_FALSE(engine.nnue_evaluation(Position::start(chess_variant())));
    std::filesystem::remove(path);
}

TEST(EngineNnue, AVariantFromAFileUsesItsParentsNet) {
    std::string path = temp_net("evochess.nnue", nnue::testing::random_net("evochess", 16, 2));
    Variant lab = *find_variant("evochess");
    lab.name = "evo-n2k1";
    lab.minor_right_pawn_moves = 2;
    lab.rook_right_captures = 1;
    Engine engine;
    ASSERT_FALSE(engine.set_option("EvalFile", path));
    ASSERT_FALSE(engine.set_option("Use NNUE", "true"));
    EXPECT_TRUE(engine.uses_nnue(lab));
    EXPECT_FALSE(engine.evaluation_problem(lab));
    std::filesystem::remove(path);
}

TEST(EngineNnue, SearchesEvaluateWithTheNetWhenItIsOn) {
    for (const Variant& variant : builtin_variants()) {
        std::string family(nnue::net_family(variant));
        std::string path = temp_net(family + ".nnue", nnue::testing::random_net(family, 32, 5));
        Engine hand, net;
        ASSERT_FALSE(hand.set_option("Use NNUE", "false"));
        ASSERT_FALSE(net.set_option("EvalFile", path));
        ASSERT_FALSE(net.set_option("Use NNUE", "true"));
        SearchResult a = search_depth(hand, variant, 5), b = search_depth(net, variant, 5);
        EXPECT_FALSE(b.best_move.is_none()) << variant.name;
        // Another evaluation searches another tree.
        EXPECT_NE(a.nodes, b.nodes) << variant.name;
        // Off again: the hand-written evaluation's search, node for node.
        ASSERT_FALSE(net.set_option("Use NNUE", "false"));
        net.new_game();
        EXPECT_EQ(search_depth(net, variant, 5).nodes, a.nodes) << variant.name;
        std::filesystem::remove(path);
    }
}

} // namespace
} // namespace evo::engine
