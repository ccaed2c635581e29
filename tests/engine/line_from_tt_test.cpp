// A line cut short continues from the transposition table (the engine's shown line and
// ponder move after a fail-high the stop left without a re-search).
#include "engine_test_util.h"

#include "engine/line_from_tt.h"

#include <deque>

namespace evo {
namespace {

using engine::Bound;
using engine::TranspositionTable;

// Stores each move of `line` (UCI, from `root`) as the table's best move of the position
// it is played from, as a search leaves them.
void store_line(TranspositionTable& tt, const Position& root,
                const std::vector<std::string>& line) {
    Position pos = root;
    std::deque<StateInfo> states;
    for (const std::string& text : line) {
        auto m = parse_uci_move(pos, text);
        ASSERT_TRUE(m.ok()) << text;
        tt.store(pos.key(), 0, 0, Bound::Exact, 5, *m, 0);
        pos.do_move(*m, states.emplace_back());
    }
}

std::vector<std::string> extended(const TranspositionTable& tt, const Position& root,
                                  const std::string& first, std::size_t max_length = 6) {
    auto m = parse_uci_move(root, first);
    EXPECT_TRUE(m.ok()) << first;
    if (!m.ok()) return {};
    return to_uci_line(root, engine::extend_line_from_tt(root, {*m}, tt, max_length));
}

using Line = std::vector<std::string>;

// A small table and the chess start position, which a test may replace.
class LineFromTT : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(tt.resize(1)); }
    TranspositionTable tt;
    Position root = Position::start(chess_variant());
};

TEST_F(LineFromTT, AnEmptyTableLeavesTheLineAsItIs) {
    EXPECT_EQ(extended(tt, root, "e2e4"), Line({"e2e4"}));
}

TEST_F(LineFromTT, TheTablesMovesFollowTheFirstMove) {
    store_line(tt, root, {"e2e4", "e7e5", "g1f3", "b8c6"});
    EXPECT_EQ(extended(tt, root, "e2e4"), Line({"e2e4", "e7e5", "g1f3", "b8c6"}));
    EXPECT_EQ(extended(tt, root, "e2e4", 3), Line({"e2e4", "e7e5", "g1f3"}));
}

TEST_F(LineFromTT, AMoveIllegalWhereItIsFoundEndsTheLine) {
    store_line(tt, root, {"e2e4", "e7e5"});
    // An entry of another position that shares the key's bits would hold a move like this:
    // White's knight move stored where Black is to move.
    Position after_e4 = root;
    StateInfo st;
    after_e4.do_move(*parse_uci_move(root, "e2e4"), st);
    auto knight = parse_uci_move(root, "g1f3");
    ASSERT_TRUE(knight.ok());
    tt.store(after_e4.key(), 0, 0, Bound::Exact, 9, *knight, 0);
    EXPECT_EQ(extended(tt, root, "e2e4"), Line({"e2e4"}));
}

TEST_F(LineFromTT, ARepetitionEndsTheLine) {
    // The knights go out and back: the fourth move repeats the start, where the table's
    // move would begin the round again.
    store_line(tt, root, {"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(extended(tt, root, "g1f3", 12), Line({"g1f3", "g8f6", "f3g1", "f6g8"}));
}

TEST_F(LineFromTT, EvolutionMovesComeBackAsTheyWereStored) {
    // RULES 2: with a minor right each side may evolve the pawn it moves; the choice is part
    // of the move the table holds.
    root = test::load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,1,0,0/0,1,0,0");
    store_line(tt, root, {"e2e4n", "d7d5b", "e4c5"});
    EXPECT_EQ(extended(tt, root, "e2e4n"), Line({"e2e4n", "d7d5b", "e4c5"}));
    // The same squares without the choice are another move, which the table does not hold.
    EXPECT_EQ(extended(tt, root, "e2e4"), Line({"e2e4"}));
}

} // namespace
} // namespace evo
