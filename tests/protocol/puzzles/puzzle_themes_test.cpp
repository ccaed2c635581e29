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

// The line's moves (UCI) from `start`, each parsed in the position it is played in.
std::vector<Move> line_of(const Position& start, std::initializer_list<std::string_view> ucis) {
    std::vector<Move> line;
    Position pos = start;
    std::vector<StateInfo> states(ucis.size());
    for (std::string_view uci : ucis) {
        Move m = move(pos, uci);
        line.push_back(m);
        pos.do_move(m, states[line.size() - 1]);
    }
    return line;
}

TEST(PuzzleThemes, PinIsTheCaptureOfAPinnedUnit) {
    Position to_king = load("chess", "4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1");
    std::vector<Move> take = line_of(to_king, {"e1e5"});
    EXPECT_TRUE(pin(line_positions(to_king, take), take));
    Position to_queen = load("chess", "4q1k1/8/8/4n3/8/8/8/4R1K1 w - - 0 1");
    take = line_of(to_queen, {"e1e5"});
    EXPECT_TRUE(pin(line_positions(to_queen, take), take));
    // Nothing behind the knight, or a pawn behind it (worth less): no pin.
    Position free = load("chess", "3k4/8/8/4n3/8/8/8/4RK2 w - - 0 1");
    take = line_of(free, {"e1e5"});
    EXPECT_FALSE(pin(line_positions(free, take), take));
    Position pawn_behind = load("chess", "3k4/4p3/8/4n3/8/8/8/4RK2 w - - 0 1");
    take = line_of(pawn_behind, {"e1e5"});
    EXPECT_FALSE(pin(line_positions(pawn_behind, take), take));
}

TEST(PuzzleThemes, SkewerTakesTheUnitBehindTheOneThatMoved) {
    Position pos = load("chess", "6q1/8/8/3k4/8/8/4B3/4K3 w - - 0 1");
    std::vector<Move> line = line_of(pos, {"e2c4", "d5e5", "c4g8"});
    EXPECT_TRUE(skewer(line_positions(pos, line), line));
    EXPECT_TRUE(has(puzzle_themes(pos, line), "skewer"));
    // The king takes the bishop instead: no skewer.
    line = line_of(pos, {"e2c4", "d5c4"});
    EXPECT_FALSE(skewer(line_positions(pos, line), line));
    // The king steps away but the bishop does not take the queen: no skewer.
    line = line_of(pos, {"e2c4", "d5e5", "c4d3"});
    EXPECT_FALSE(skewer(line_positions(pos, line), line));
}

TEST(PuzzleThemes, DiscoveredAttackOpensAnotherSlidersLine) {
    Position check = load("chess", "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1");
    std::vector<Move> line = line_of(check, {"e4c5"});
    EXPECT_TRUE(discovered_attack(line_positions(check, line), line)); // discovered check
    Position queen = load("chess", "4q2k/8/8/8/4N3/8/8/4RK2 w - - 0 1");
    line = line_of(queen, {"e4c5", "h8g7", "e1e8"});
    EXPECT_TRUE(discovered_attack(line_positions(queen, line), line));
    // The rook never takes the queen: the opened line won nothing.
    line = line_of(queen, {"e4c5", "h8g7", "c5d7"});
    EXPECT_FALSE(discovered_attack(line_positions(queen, line), line));
    // The rook itself moves: nothing is discovered.
    line = line_of(queen, {"e1e3"});
    EXPECT_FALSE(discovered_attack(line_positions(queen, line), line));
}

TEST(PuzzleThemes, DefenceParriesAThreatWithAQuietMove) {
    // Black's rook threatens the loose knight.
    Position pos = load("chess", "2r1k3/8/8/8/8/2N5/8/4K3 w - - 0 1");
    EXPECT_TRUE(defence(pos, move(pos, "c3d5")));
    EXPECT_FALSE(defence(pos, move(pos, "e1d1"))); // the knight still hangs
    // No threat: a quiet move is no defence.
    Position calm = load("chess", "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1");
    EXPECT_FALSE(defence(calm, move(calm, "c3d5")));
    // A back-rank mate threatened and parried by giving the king air.
    Position back_rank = load("chess", "r5k1/8/8/8/8/8/5PPP/6K1 w - - 0 1");
    EXPECT_TRUE(defence(back_rank, move(back_rank, "h2h3")));
}

TEST(PuzzleThemes, ARightDeclinedIsKeptInEvoChessAndExpiresInEChess) {
    Position evo = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    EXPECT_TRUE(declines_right(evo, move(evo, "e2e4")));
    EXPECT_FALSE(declines_right(evo, move(evo, "e2e4n"))); // spent
    EXPECT_FALSE(declines_right(evo, move(evo, "e1d1")));  // nothing to promote
    EXPECT_TRUE(has(puzzle_themes(evo, {move(evo, "e2e4")}), "rightKept"));
    Position echess = load("echess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 2,0,0,0/0,0,0,0");
    EXPECT_TRUE(declines_right(echess, move(echess, "e2e4")));
    EXPECT_TRUE(has(puzzle_themes(echess, {move(echess, "e2e4")}), "rightExpired"));
    EXPECT_FALSE(has(puzzle_themes(echess, {move(echess, "e2e4n")}), "rightExpired"));
    Position chess = load("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_FALSE(declines_right(chess, move(chess, "e2e4")));
}

TEST(PuzzleThemes, MaterialIsInTheVariantsPawns) {
    Position pos = load("chess", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
    EXPECT_GT(material_balance(pos, White), 100);
    EXPECT_EQ(material_balance(pos, White), -material_balance(pos, Black));
}

} // namespace
} // namespace evo::puzzles
