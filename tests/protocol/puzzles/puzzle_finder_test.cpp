// The finder: the candidate and uniqueness rules on given scores, then real searches on
// hand-made puzzles (one with a single solution, one with two).
#include "protocol/puzzles/puzzle_finder.h"

#include "engine/engine_test_util.h"

#include "core/notation.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace evo::puzzles {
namespace {

engine::Score cp(int value) {
    return {engine::Score::Kind::Centipawns, value};
}
engine::Score mate(int moves) {
    return {engine::Score::Kind::Mate, moves};
}
Line line(engine::Score score) {
    return {Move::none(), score, 10};
}

TEST(PuzzleFinder, CandidateNeedsASwingToAWin) {
    FinderRules rules;
    EXPECT_TRUE(is_candidate(cp(0), cp(350), rules));
    EXPECT_TRUE(is_candidate(cp(400), mate(3), rules));  // a mate appears
    EXPECT_FALSE(is_candidate(mate(4), mate(3), rules)); // the mate was there before
    EXPECT_FALSE(is_candidate(cp(0), cp(200), rules));   // not decisive
    EXPECT_FALSE(is_candidate(cp(320), cp(900), rules)); // already winning before
    EXPECT_FALSE(is_candidate(cp(150), cp(320), rules)); // too small a swing
    EXPECT_TRUE(is_candidate(mate(-2), cp(500), rules)); // lost, then won
}

TEST(PuzzleFinder, OnlyWinningMoveRule) {
    FinderRules rules;
    EXPECT_TRUE(only_winning_move({line(mate(1)), line(mate(1))}, rules)); // any mate in 1
    EXPECT_TRUE(only_winning_move({line(mate(3)), line(cp(500))}, rules));
    EXPECT_FALSE(only_winning_move({line(mate(3)), line(mate(4))}, rules));
    EXPECT_TRUE(only_winning_move({line(mate(3)), line(mate(5))}, rules)); // two moves slower
    EXPECT_TRUE(only_winning_move({line(cp(450)), line(cp(100))}, rules));
    EXPECT_FALSE(only_winning_move({line(cp(450)), line(cp(300))}, rules));  // 1.5 pawns apart
    EXPECT_FALSE(only_winning_move({line(cp(900)), line(cp(500))}, rules));  // both win
    EXPECT_FALSE(only_winning_move({line(cp(250)), line(cp(-300))}, rules)); // no win
    EXPECT_FALSE(only_winning_move({line(cp(900))}, rules)); // one move: nothing to find
}

TEST(PuzzleFinder, RatingGrowsWithLengthDepthAndHiddenMoves) {
    EXPECT_LT(estimate_rating(1, 1, false, false), estimate_rating(2, 1, false, false));
    EXPECT_LT(estimate_rating(2, 1, false, false), estimate_rating(2, 5, false, false));
    EXPECT_LT(estimate_rating(2, 5, false, false), estimate_rating(2, 5, true, false));
    EXPECT_LT(estimate_rating(2, 5, true, false), estimate_rating(2, 5, true, true));
    EXPECT_EQ(estimate_rating(40, 40, true, true), 3000);
    EXPECT_EQ(estimate_rating(2, 15, false, false), estimate_rating(2, 25, false, false));
}

FinderRules quick_rules() {
    FinderRules rules;
    rules.verify_nodes = 30'000;
    return rules;
}

TEST(PuzzleFinder, FindsAHandMadeMateInTwo) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    // White's Bd2 walks into 1...Rxd2 2.Kxa4 Ra2#; black's next fastest mate takes six moves
    // (Stockfish, MultiPV 3, depth 22), so the mate is unique by the miner's rule.
    Position before = test::load("chess", "8/8/8/8/p1k5/Kp6/6r1/2B5 w - - 0 1");
    engine::Engine verifier;
    configure_for_mining(verifier);
    auto puzzle = find_puzzle(verifier, before, *parse_uci_move(before, "c1d2"), quick_rules());
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->moves, (std::vector<std::string>{"c1d2", "g2d2", "a3a4", "d2a2"}));
    EXPECT_EQ(puzzle->fen, before.fen());
    EXPECT_EQ(puzzle->variant, "chess");
    auto has = [&](const std::string& theme) {
        return std::count(puzzle->themes.begin(), puzzle->themes.end(), theme) == 1;
    };
    EXPECT_TRUE(has("mateIn2"));
    EXPECT_TRUE(has("mate"));
    EXPECT_GE(puzzle->rating, 400);
    EXPECT_EQ(puzzle->id.size(), 12u);
}

TEST(PuzzleFinder, RejectsTwoEquallyGoodWinningMoves) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    // After ...Qd5, both 1.Nxd5 and 1.Rxd5 win the queen.
    Position before = test::load("chess", "4k3/7p/8/q7/8/2N5/P7/3RK3 b - - 0 1");
    engine::Engine verifier;
    configure_for_mining(verifier);
    EXPECT_FALSE(find_puzzle(verifier, before, *parse_uci_move(before, "a5d5"), quick_rules()));
    // Rejected for that reason: the two best moves are the two captures, both winning.
    Game game(before);
    game.play("a5d5");
    std::vector<Line> lines = best_lines(verifier, game, quick_rules().verify_nodes, 2);
    ASSERT_EQ(lines.size(), 2u);
    std::vector<std::string> captures{to_uci(game.position(), lines[0].move),
                                      to_uci(game.position(), lines[1].move)};
    std::sort(captures.begin(), captures.end());
    EXPECT_EQ(captures, (std::vector<std::string>{"c3d5", "d1d5"}));
    EXPECT_GE(lines[1].score.value, quick_rules().win_cp);
    // The same blunder with only the knight to take: a puzzle.
    Position single = test::load("chess", "4k3/7p/8/q7/8/2N5/P7/4K3 b - - 0 1");
    auto puzzle = find_puzzle(verifier, single, *parse_uci_move(single, "a5d5"), quick_rules());
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->moves, (std::vector<std::string>{"a5d5", "c3d5"}));
}

} // namespace
} // namespace evo::puzzles
