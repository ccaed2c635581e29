// RULES 1.2, 2.8, 4.11, 4.12: how games end and score.
#include "core/game.h"
#include "test_util.h"

namespace evo {
namespace {

using test::load;

Game play_all(Game game, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        auto r = game.play(m);
        EXPECT_TRUE(r.ok()) << m << ": " << r.error();
    }
    return game;
}

TEST(GameResult, Rules_1_2_Checkmate) {
    Game g = play_all(Game(chess_variant()), {"f3", "e5", "g4", "Qh4#"});
    GameResult r = g.result();
    EXPECT_EQ(r.outcome, Outcome::BlackWins);
    EXPECT_EQ(r.reason, EndReason::Checkmate);
    EXPECT_EQ(r.pgn_result(), "0-1");
    EXPECT_FALSE(g.play("e4").ok()); // no moves after the end
}

TEST(GameResult, Rules_1_2_Stalemate) {
    Game g(load("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    EXPECT_EQ(g.result().outcome, Outcome::Draw);
    EXPECT_EQ(g.result().reason, EndReason::Stalemate);
}

TEST(GameResult, Rules_1_2_InsufficientMaterial) {
    EXPECT_TRUE(insufficient_material(load("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
    EXPECT_TRUE(insufficient_material(load("chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")));
    EXPECT_TRUE(insufficient_material(load("chess", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1")));
    EXPECT_TRUE(
        insufficient_material(load("chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"))); // same colour
    EXPECT_FALSE(
        insufficient_material(load("chess", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"))); // opposite
    EXPECT_FALSE(insufficient_material(load("chess", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1")));
    EXPECT_FALSE(insufficient_material(load("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")));
    Game g(load("chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    EXPECT_EQ(g.result().reason, EndReason::InsufficientMaterial);
}

TEST(GameResult, Rules_1_2_ThreefoldRepetition) {
    Game g = play_all(Game(chess_variant()), {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    EXPECT_FALSE(g.result().over());
    EXPECT_EQ(g.repetitions(), 2);
    g = play_all(g, {"Ng8"});
    EXPECT_EQ(g.result().reason, EndReason::ThreefoldRepetition);
    EXPECT_EQ(g.result().outcome, Outcome::Draw);
}

// RULES 1.2: a lost castling right makes positions differ.
TEST(GameResult, Rules_1_2_RepetitionNeedsSameCastlingRights) {
    Game g = play_all(Game(load("chess", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1")),
                      {"Ra2", "Ra7", "Ra1", "Ra8", "Ra2", "Ra7", "Ra1", "Ra8"});
    EXPECT_EQ(g.repetitions(), 2); // the start, with rights, is a different position
    EXPECT_FALSE(g.result().over());
}

TEST(GameResult, Rules_1_2_FiftyMoves) {
    Game g(load("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    EXPECT_FALSE(g.result().over());
    g = play_all(g, {"Ra2"});
    EXPECT_EQ(g.result().reason, EndReason::FiftyMoves);
    // Checkmate on the hundredth half-move wins.
    Game mate(load("chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80"));
    mate = play_all(mate, {"Ra8#"});
    EXPECT_EQ(mate.result().reason, EndReason::Checkmate);
}

// RULES 4.11: a draw goes to the player who first promoted a king.
TEST(GameResult, Rules_4_11_DrawConvertedForFirstKingPromoter) {
    Game stalemate(load("promoteking", "k7/8/1Q6/8/8/8/7C/8 b - - 0 1 w,0"));
    GameResult r = stalemate.result();
    EXPECT_EQ(r.outcome, Outcome::WhiteWins);
    EXPECT_EQ(r.reason, EndReason::Stalemate);
    EXPECT_TRUE(r.draw_converted);
    // Agreement is not converted.
    Game agreed(load("promoteking", "k7/8/8/8/8/8/7C/8 b - - 0 1 w,0"));
    agreed.set_outside_result(Outcome::Draw, EndReason::Agreement);
    EXPECT_EQ(agreed.result().outcome, Outcome::Draw);
    // Without a promoted king a draw stays a draw.
    Game plain(load("promoteking", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -,0"));
    EXPECT_EQ(plain.result().outcome, Outcome::Draw);
}

// RULES 4.12: the winner scores 1 + every promotion into the other colour; a draw 1/2 each.
TEST(GameResult, Rules_4_12_Points) {
    Game g(load("promoteking", "k7/8/1Q6/8/8/8/7C/8 b - - 0 1 w,3"));
    EXPECT_EQ(g.result().white_points, 4.0);
    EXPECT_EQ(g.result().black_points, 0.0);
    Game draw(load("promoteking", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -,2"));
    EXPECT_EQ(draw.result().white_points, 0.5);
    EXPECT_EQ(draw.result().black_points, 0.5);
}

TEST(GameResult, FlagFallAgainstBareKingIsDraw) {
    Game g(load("chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"));
    g.set_outside_result(Outcome::WhiteWins, EndReason::Timeout);
    EXPECT_EQ(g.result().outcome, Outcome::WhiteWins);
    g.set_outside_result(Outcome::BlackWins, EndReason::Timeout);
    EXPECT_EQ(g.result().outcome, Outcome::Draw);
    EXPECT_EQ(g.result().reason, EndReason::TimeoutVsInsufficientMaterial);
}

TEST(Game, UndoRestoresPosition) {
    Game g = play_all(Game(chess_variant()), {"e4", "e5"});
    std::string fen = g.position().fen();
    g = play_all(g, {"Nf3"});
    EXPECT_TRUE(g.undo());
    EXPECT_EQ(g.position().fen(), fen);
    Game copy = g;
    EXPECT_EQ(copy.position().fen(), fen);
    EXPECT_EQ(copy.moves().size(), 2u);
}

} // namespace
} // namespace evo
