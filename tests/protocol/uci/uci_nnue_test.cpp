// The learned evaluation's UCI options (docs/nnue.md, "Inference"): Use NNUE and EvalFile; a
// net that cannot be used is one clear `info string`, and the search goes on without it.
#include "uci_test_util.h"

#include "engine/nnue/embedded.h"
#include "engine/nnue/features.h"
#include "engine/nnue/net_file.h"
#include "engine/nnue/random_net.h" // tests/engine/nnue

#include "core/variant.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace evo::test {
namespace {

class UciNnue : public UciTest {
  protected:
    // One file per test: CTest runs the tests of this suite in parallel processes.
    std::string path = ::testing::TempDir() + "uci_nnue_" +
                       ::testing::UnitTest::GetInstance()->current_test_info()->name();
    void TearDown() override {
        std::remove((path + ".nnue").c_str());
        std::remove((path + ".ini").c_str());
    }
    static int count_with(const std::vector<std::string>& lines, std::string_view part) {
        int n = 0;
        for (const auto& line : lines) n += line.find(part) != std::string::npos;
        return n;
    }
};

TEST_F(UciNnue, HandshakeOffersUseNnueAndEvalFile) {
    auto lines = send({"uci"});
    EXPECT_NE(line_with(lines, "option name Use NNUE type check default true"), "");
    EXPECT_NE(line_with(lines, "option name EvalFile type string default <empty>"), "");
}

TEST_F(UciNnue, ByDefaultEachVariantEvaluatesWithItsBuiltInNetWithoutAWord) {
    ASSERT_TRUE(nnue::find_embedded_net(nnue::shipped_nets(), "evochess"));
    for (const Variant& variant : builtin_variants()) {
        std::string name(variant.name);
        bool built_in = nnue::find_embedded_net(nnue::shipped_nets(), nnue::net_family(variant));
        auto lines = send({"setoption name UCI_Variant value " + name, "position startpos",
                           "go depth 2", "eval"});
        EXPECT_EQ(count_with(lines, "info string NNUE evaluation "), built_in ? 1 : 0) << name;
        EXPECT_EQ(count_with(lines, "info string static evaluation "), 1) << name;
        EXPECT_EQ(count_with(lines, "no net"), 0) << name;
        EXPECT_EQ(count_with(lines, "hand-written evaluation is used"), 0) << name;
        EXPECT_TRUE(has_prefix(lines, "bestmove ")) << name;
    }
    // Off: the hand-written evaluation in EvoChess too.
    auto lines = send({"setoption name Use NNUE value false",
                       "setoption name UCI_Variant value evochess", "position startpos", "eval"});
    EXPECT_EQ(count_with(lines, "info string NNUE evaluation "), 0);
    EXPECT_EQ(count_with(lines, "info string static evaluation "), 1);
}

TEST_F(UciNnue, ANetOfAnotherFamilyIsSaidOnceAndTheSearchGoesOn) {
    ASSERT_TRUE(nnue::write_net(path + ".nnue", nnue::testing::random_net("evochess", 16, 3)));
    auto lines = send(
        {"setoption name EvalFile value " + path + ".nnue", "position startpos", "go depth 2"});
    EXPECT_EQ(count_with(lines, "info string EvalFile " + path +
                                    ".nnue holds a net of family 'evochess', variant chess "
                                    "needs one of family 'chess'; the hand-written evaluation "
                                    "is used"),
              1);
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
    lines = send({"go depth 2"});
    EXPECT_EQ(count_with(lines, "holds a net"), 0);
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
}

TEST_F(UciNnue, ACorruptNetFileIsOneClearErrorAndTheSearchGoesOn) {
    std::ofstream(path + ".nnue") << "EVONNUE1 but not a net";
    auto lines = send(
        {"setoption name Use NNUE value true", "setoption name EvalFile value " + path + ".nnue"});
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("info string EvalFile: " + path + ".nnue: "), std::string::npos)
        << lines[0];
    EXPECT_NE(lines[0].find("the built-in evaluation stays in use"), std::string::npos);
    lines = send({"position startpos", "go depth 2"});
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
}

TEST_F(UciNnue, AVariantFromAFileSearchesWithItsParentsNet) {
    ASSERT_TRUE(nnue::write_net(path + ".nnue", nnue::testing::random_net("evochess", 16, 3)));
    std::ofstream(path + ".ini") << "[uci-nnue-lab:evochess]\nminor_right_pawn_moves = 2\n";
    auto lines = send(
        {"setoption name VariantPath value " + path + ".ini",
         "setoption name EvalFile value " + path + ".nnue", "setoption name Use NNUE value true",
         "setoption name UCI_Variant value uci-nnue-lab", "position startpos", "go depth 3"});
    EXPECT_EQ(count_with(lines, "hand-written"), 0);
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
    // `eval` prints the net's evaluation beside the hand-written one.
    lines = send({"eval"});
    EXPECT_EQ(count_with(lines, "info string static evaluation "), 1);
    EXPECT_EQ(count_with(lines, "info string NNUE evaluation "), 1);
    // A chess game with this evochess net: refused for the variant, said once.
    lines = send({"setoption name UCI_Variant value chess", "position startpos", "go depth 2"});
    EXPECT_EQ(count_with(lines, "info string EvalFile " + path +
                                    ".nnue holds a net of family 'evochess', variant chess "
                                    "needs one of family 'chess'"),
              1);
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
}

} // namespace
} // namespace evo::test
