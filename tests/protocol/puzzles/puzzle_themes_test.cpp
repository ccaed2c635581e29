// Each theme on a hand-made position: one where it applies and one where it does not.
#include "protocol/puzzles/puzzle_themes.h"

#include "core/notation.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace evo::puzzles {
namespace {

Position load(std::string_view variant, std::string_view fen) {
    auto pos = Position::from_fen(*find_variant(variant), fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return *pos;
}

Move move(const Position& pos, std::string_view uci) {
    auto m = parse_uci_move(pos, uci);
    EXPECT_TRUE(m.ok()) << uci << ": " << m.error();
    return m.ok() ? *m : Move::none();
}

bool has(const std::vector<std::string>& themes, const std::string& theme) {
    return std::find(themes.begin(), themes.end(), theme) != themes.end();
}

TEST(PuzzleThemes, HangingPieceIsAnUndefendedCapture) {
    Position loose = load("chess", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
    EXPECT_TRUE(hanging_piece(loose, move(loose, "d1d5")));
    EXPECT_FALSE(hanging_piece(loose, move(loose, "d1d2"))); // no capture
    Position defended = load("chess", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1");
    EXPECT_FALSE(hanging_piece(defended, move(defended, "d1d5")));
}

TEST(PuzzleThemes, ForkAttacksTwoUnitsWorthMoreOrLoose) {
    Position pos = load("chess", "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
    EXPECT_TRUE(fork(pos, move(pos, "b5c7")));  // king and rook
    EXPECT_FALSE(fork(pos, move(pos, "b5d6"))); // the king only
    // Two defended pawns are no fork.
    Position pawns = load("chess", "4k3/8/2p1p3/3p4/8/4N3/8/4K3 w - - 0 1");
    EXPECT_FALSE(fork(pawns, move(pawns, "e3c4")));
}

TEST(PuzzleThemes, PromotionOnTheLastRankOnly) {
    Position pos = load("chess", "8/P7/8/8/8/8/k7/4K3 w - - 0 1");
    EXPECT_TRUE(last_rank_promotion(pos, move(pos, "a7a8q")));
    EXPECT_FALSE(last_rank_promotion(pos, move(pos, "e1d2")));
    // EvoChess: a minor promotion is an evolution, not a last-rank promotion.
    Position evo = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    EXPECT_FALSE(last_rank_promotion(evo, move(evo, "e2e4n")));
}

TEST(PuzzleThemes, OtherColourPromotion) {
    Position pos = load("promoteking", "8/P7/8/8/8/8/k7/4K3 w - - 0 1 -,0");
    EXPECT_TRUE(other_colour_promotion(move(pos, "a7a8~n")));
    EXPECT_FALSE(other_colour_promotion(move(pos, "a7a8n")));
}

TEST(PuzzleThemes, EvolutionPromotionSpendsAMinorOrRookRight) {
    Position minor = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    EXPECT_TRUE(evolution_promotion(minor, move(minor, "e2e4n")));
    EXPECT_FALSE(evolution_promotion(minor, move(minor, "e2e4")));
    EXPECT_FALSE(rook_right_spent(minor, move(minor, "e2e4n")));
    Position rook = load("evochess", "4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1 0,0,0,1/0,0,0,0");
    EXPECT_TRUE(rook_right_spent(rook, move(rook, "e1f2/c3r")));
    EXPECT_TRUE(evolution_promotion(rook, move(rook, "e1f2/c3r")));
    EXPECT_TRUE(rook_right_spent(rook, move(rook, "c3d5r")));
    EXPECT_FALSE(rook_right_spent(rook, move(rook, "c3d5")));
}

TEST(PuzzleThemes, CthulhuLeapsOverAUnitOrAKingIsCrowned) {
    Position pos = load("promoteking", "8/8/8/4P3/4C3/8/8/k7 w - - 0 1 w,0");
    EXPECT_TRUE(cthulhu_move(pos, move(pos, "e4e6")));  // over the pawn: only a leap
    EXPECT_FALSE(cthulhu_move(pos, move(pos, "e4c6"))); // over d5, empty: a queen move too
    Position crown = load("promoteking", "k7/4K3/8/8/8/8/8/8 w - - 0 1 -,0");
    EXPECT_TRUE(cthulhu_move(crown, move(crown, "e7e8")));
    EXPECT_FALSE(cthulhu_move(crown, move(crown, "e7d6")));
}

TEST(PuzzleThemes, KingDoubleStepAndFollowThePawn) {
    Position step = load("promoteking", "4k3/8/8/8/8/8/4K3/8 w - - 0 1 -,0");
    EXPECT_TRUE(king_double_step(move(step, "e2e4")));
    EXPECT_FALSE(king_double_step(move(step, "e2e3")));
    Position follow = load("promoteking", "4k3/8/8/8/8/4P3/4K3/8 w - - 0 1 -,0");
    EXPECT_TRUE(follow_the_pawn(move(follow, "e2e3")));
    EXPECT_FALSE(follow_the_pawn(move(follow, "e2d3")));
}

TEST(PuzzleThemes, QueenSacrificeThenBackRankMate) {
    Position start = load("chess", "3r2k1/5ppp/8/8/8/8/4QPPP/4R1K1 w - - 0 1");
    std::vector<Move> line;
    Position pos = start;
    std::vector<StateInfo> states(3);
    for (std::string_view uci : {"e2e8", "d8e8", "e1e8"}) {
        Move m = move(pos, uci);
        line.push_back(m);
        pos.do_move(m, states[line.size() - 1]);
    }
    std::vector<std::string> themes = puzzle_themes(start, line);
    EXPECT_TRUE(has(themes, "mate"));
    EXPECT_TRUE(has(themes, "mateIn2"));
    EXPECT_TRUE(has(themes, "sacrifice"));
    EXPECT_FALSE(has(themes, "hangingPiece"));
    // The same mate without the sacrifice.
    Position direct = load("chess", "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    std::vector<std::string> one = puzzle_themes(direct, {move(direct, "e1e8")});
    EXPECT_TRUE(has(one, "mateIn1"));
    EXPECT_TRUE(has(one, "oneMove"));
    EXPECT_FALSE(has(one, "sacrifice"));
}

TEST(PuzzleThemes, MaterialIsInTheVariantsPawns) {
    Position pos = load("chess", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
    EXPECT_GT(material_balance(pos, White), 100);
    EXPECT_EQ(material_balance(pos, White), -material_balance(pos, Black));
}

} // namespace
} // namespace evo::puzzles
