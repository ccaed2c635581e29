// UCI VariantPath (as Fairy-Stockfish): load a variants file, after which UCI_Variant offers
// the loaded names and the engine plays them (docs/variants.md).
#include "uci_test_util.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace evo::test {
namespace {

class UciVariantPath : public UciTest {
  protected:
    // One file per test: CTest runs the tests of this suite in parallel processes.
    std::string path = ::testing::TempDir() + "uci_variant_path_" +
                       ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".ini";

    void SetUp() override {
        std::ofstream f(path);
        f << "[uci-lab-n2:evochess]\nminor_right_pawn_moves = 2\nrook_right_captures = 3\n";
    }
    void TearDown() override { std::remove(path.c_str()); }
};

TEST_F(UciVariantPath, HandshakeOffersVariantPath) {
    auto lines = send({"uci"});
    EXPECT_NE(line_with(lines, "option name VariantPath type string default <empty>"), "");
}

TEST_F(UciVariantPath, LoadedVariantIsListedAndPlayed) {
    auto lines = send({"setoption name VariantPath value " + path});
    EXPECT_EQ(line_with(lines, "info string loaded 1 variant(s): uci-lab-n2"),
              "info string loaded 1 variant(s): uci-lab-n2");
    // The option list is printed again, UCI_Variant now offering the loaded name.
    std::string combo = line_with(lines, "option name UCI_Variant type combo");
    EXPECT_NE(combo.find(" var evochess"), std::string::npos) << combo;
    EXPECT_NE(combo.find(" var uci-lab-n2"), std::string::npos) << combo;
    EXPECT_NE(line_with(send({"uci"}), "var uci-lab-n2"), "");

    // RULES 2.3 with N = 2: after one pawn move (p = 1) the next earns a minor right, so
    // e2e4n is legal here (under evochess, N = 3, it is not).
    lines = send({"setoption name UCI_Variant value uci-lab-n2",
                  "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1,0,0,0/0,0,0,0 moves e2e4n", "d"});
    EXPECT_NE(line_with(lines, "4k3/8/8/8/4N3/8/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0"), "") << out.str();
    lines = send({"position startpos moves e2e4 e7e5", "go depth 4"});
    EXPECT_NE(line_with(lines, "bestmove "), "");
}

TEST_F(UciVariantPath, BadFileLoadsNothing) {
    {
        std::ofstream f(path);
        f << "[uci-bad:evochess]\nrook_right_captures = many\n";
    }
    auto lines = send({"setoption name VariantPath value " + path});
    EXPECT_NE(line_with(lines, "info string VariantPath: " + path +
                                   ":2: variant 'uci-bad', field 'rook_right_captures'"),
              "");
    EXPECT_EQ(line_with(send({"uci"}), "uci-bad"), "");
    lines = send({"setoption name UCI_Variant value uci-bad"});
    EXPECT_NE(line_with(lines, "unknown variant 'uci-bad'"), "");
}

} // namespace
} // namespace evo::test
