// Glicko-2 against the worked example of Glickman's paper, and the one-game update the
// server applies when a rated game ends.
#include "app/ratings/glicko2.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(Glicko2, ReproducesGlickmansWorkedExample) {
    // The paper's player, three games in one period, tau 0.5. The paper rounds every
    // intermediate step and prints 1464.06; in full precision the rating is 1464.05.
    Glicko2Rating player{1500, 200, 0.06};
    Glicko2Rating after = glicko2_update(
        player, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}, 0.5);
    EXPECT_NEAR(after.rating, 1464.05, 0.005);
    EXPECT_NEAR(after.rd, 151.52, 0.005);
    // The paper prints 0.05999, its first four significant digits; in full it is 0.059996.
    EXPECT_NEAR(after.volatility, 0.059996, 0.0000005);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
    Glicko2Rating after = glicko2_update({1500, 200, 0.06}, {}, 0.5);
    EXPECT_DOUBLE_EQ(after.rating, 1500);
    EXPECT_NEAR(after.rd, 200.27, 0.005); // the paper's phi* = 1.1527 for no games
    EXPECT_DOUBLE_EQ(after.volatility, 0.06);
}

TEST(Glicko2, OneGameRatesBothPlayersFromTheirRatingsBeforeIt) {
    Glicko2Rating white{1620, 80, 0.06};
    Glicko2Rating black{1480, 150, 0.059};
    RatedPair rated = rate_game(white, black, 0, rating_parameters.tau);
    Glicko2Rating expected_white = glicko2_update(white, {{black, 0}}, rating_parameters.tau);
    Glicko2Rating expected_black = glicko2_update(black, {{white, 1}}, rating_parameters.tau);
    EXPECT_DOUBLE_EQ(rated.white.rating, expected_white.rating);
    EXPECT_DOUBLE_EQ(rated.white.rd, expected_white.rd);
    EXPECT_DOUBLE_EQ(rated.black.rating, expected_black.rating);
    EXPECT_DOUBLE_EQ(rated.black.volatility, expected_black.volatility);
    // An upset: the favourite loses rating, the underdog gains it and grows surer.
    EXPECT_LT(rated.white.rating, 1620);
    EXPECT_GT(rated.black.rating, 1480);
    EXPECT_LT(rated.black.rd, 150);
}

TEST(Glicko2, NewPlayersMoveSymmetricallyAndADrawBetweenEqualsChangesNoRating) {
    Glicko2Rating fresh = initial_rating();
    EXPECT_EQ(fresh.rating, 1500);
    EXPECT_EQ(fresh.rd, 350);
    EXPECT_EQ(fresh.volatility, 0.06);
    RatedPair won = rate_game(fresh, fresh, 1);
    EXPECT_GT(won.white.rating, 1600);
    EXPECT_NEAR(won.white.rating - 1500, 1500 - won.black.rating, 1e-9);
    EXPECT_NEAR(won.white.rd, won.black.rd, 1e-9);
    RatedPair drawn = rate_game(fresh, fresh, 0.5);
    EXPECT_NEAR(drawn.white.rating, 1500, 1e-9);
    EXPECT_LT(drawn.white.rd, 350);
}

TEST(Glicko2, ProvisionalWhileTheDeviationIsAbove110) {
    EXPECT_TRUE(is_provisional(initial_rating()));
    EXPECT_TRUE(is_provisional({1500, 110.5, 0.06}));
    EXPECT_FALSE(is_provisional({1500, 110, 0.06}));
    EXPECT_FALSE(is_provisional({1500, 60, 0.06}));
}

} // namespace
} // namespace evo::app
