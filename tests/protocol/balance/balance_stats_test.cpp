// What `evochess balance` counts per game (RULES 2.3-2.5, 3.1-3.4 rights; results), and the
// report and plot it writes.
#include "protocol/balance/balance_report.h"
#include "protocol/balance/balance_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace evo::balance {
namespace {

Game game_from(const char* variant, const char* fen, std::initializer_list<const char*> moves) {
    auto pos = Position::from_fen(*find_variant(variant), fen);
    EXPECT_TRUE(pos.ok()) << pos.error();
    Game game(*pos);
    for (const char* m : moves) EXPECT_TRUE(game.play(m).ok()) << m;
    return game;
}

// RULES 2.3-2.5: e4=N is White's third pawn move (p = 2 before it): a minor right earned and
// used. Black replies with a king move; then White's Nxd6 captures a piece with c = 1
// (K = 2): a rook right earned, and spent at once (Nxd6=R).
TEST(BalanceStats, Rules_2_5_RightsEarnedAndUsed) {
    VariantBalance b;
    add_game(b, game_from("evochess", "4k3/8/3b4/8/8/8/4P3/4K3 w - - 0 1 2,0,1,0/0,0,0,0",
                          {"e4=N", "Kf7", "Nxd6=R"}));
    EXPECT_EQ(b.games, 1);
    EXPECT_EQ(b.minor.earned, 1);
    EXPECT_EQ(b.minor.used, 1);
    EXPECT_EQ(b.rook.earned, 1);
    EXPECT_EQ(b.rook.used, 1);
    EXPECT_EQ(b.plies, 3);
    EXPECT_EQ(b.draws, 1); // not over: not a win for either side
}

// RULES 3.4: a pawn capture earning both rights at once, straight to a rook.
TEST(BalanceStats, Rules_3_4_DirectRookCounted) {
    VariantBalance b;
    add_game(b,
             game_from("echess", "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0", {"dxe5=R+"}));
    EXPECT_EQ(b.minor.earned, 1);
    EXPECT_EQ(b.rook.earned, 1);
    EXPECT_EQ(b.direct_rooks, 1);
    EXPECT_EQ(b.minor.used + b.rook.used, 0);
}

// White's score and its interval: 3 wins, 1 draw, 0 losses -> 0.875. The interval adds one
// win and one loss: 4 wins, 1 draw, 1 loss, mean 4.5 / 6 = 0.75, variance
// (4 x 0.25^2 + 0.25^2 + 0.75^2) / 6 = 0.875 / 6, half-width 1.96 x sqrt(0.875 / 36).
TEST(BalanceStats, WhiteScoreInterval) {
    VariantBalance b;
    b.games = 4;
    b.white_wins = 3;
    b.draws = 1;
    EXPECT_DOUBLE_EQ(b.white_score(), 0.875);
    auto [low, high] = b.white_score_interval95();
    double half = 1.96 * std::sqrt(0.875 / 36);
    EXPECT_NEAR(low, 0.75 - half, 1e-12);
    EXPECT_NEAR(high, std::min(1.0, 0.75 + half), 1e-12);
    // Only wins still leave room below.
    VariantBalance all;
    all.games = all.white_wins = 5;
    EXPECT_LT(all.white_score_interval95().first, 0.9);
}

TEST(BalanceStats, FoolsMateIsAShortDecisiveGame) {
    VariantBalance b;
    add_game(b, game_from("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          {"f3", "e5", "g4", "Qh4#"}));
    EXPECT_EQ(b.black_wins, 1);
    EXPECT_EQ(b.games_by_length[0], 1);
    EXPECT_EQ(b.decisive_by_length[0], 1);
    EXPECT_DOUBLE_EQ(b.white_score(), 0.0);
}

TEST(BalanceReport, TableAndPlotNameEveryVariant) {
    VariantBalance a, c;
    a.variant = "evo-a";
    a.games = 2;
    a.white_wins = 2;
    c.variant = "evo<c>";
    c.games = 2;
    c.draws = 2;
    std::string text = report_text({a, c});
    EXPECT_NE(text.find("evo-a"), std::string::npos);
    auto [a_low, a_high] = a.white_score_interval95();
    char row[64];
    std::snprintf(row, sizeof row, "1.000 [%.3f, %.3f]", a_low, a_high);
    EXPECT_NE(text.find(row), std::string::npos) << text;
    EXPECT_NE(text.find("0.500 ["), std::string::npos) << text;
    std::string svg = score_plot_svg({a, c}, "t");
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("evo&lt;c&gt;"), std::string::npos);
    EXPECT_EQ(svg.find("evo<c>"), std::string::npos);
}

} // namespace
} // namespace evo::balance
