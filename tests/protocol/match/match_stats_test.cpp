#include "protocol/match/match_stats.h"

#include <cmath>
#include <gtest/gtest.h>

namespace evo::match {
namespace {

TEST(MatchStats, EloOfAScore) {
    EXPECT_NEAR(elo_from_score(0.5), 0, 1e-9);
    EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
    EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
    EXPECT_NEAR(score_from_elo(elo_from_score(0.6)), 0.6, 1e-12);
    EXPECT_TRUE(std::isinf(elo_from_score(1)));
}

TEST(MatchStats, EloErrorBarFromGames) {
    // Score 0.7; per-game variance (60*.09 + 20*.04 + 20*.49)/100 = 0.16; 95% margin on the
    // score 1.96 * 0.04 = 0.0784, so Elo 147.2 and the interval [83.4, 227.0].
    EloEstimate estimate = estimate_elo({60, 20, 20});
    EXPECT_NEAR(estimate.elo, 147.19, 0.01);
    double low = elo_from_score(0.7 - 1.959964 * 0.04),
           high = elo_from_score(0.7 + 1.959964 * 0.04);
    EXPECT_NEAR(estimate.error95, (high - low) / 2, 0.01);
    EXPECT_TRUE(std::isinf(estimate_elo({0, 0, 0}).error95));
    EXPECT_NEAR(likelihood_of_superiority({10, 0, 10}), 0.5, 1e-12);
    EXPECT_GT(likelihood_of_superiority({30, 0, 10}), 0.99);
}

TEST(MatchStats, ParsesSprtSettings) {
    auto sprt = parse_sprt("elo0=0 elo1=5 alpha=0.05 beta=0.1");
    ASSERT_TRUE(sprt.ok()) << sprt.error();
    EXPECT_EQ(sprt->elo1, 5);
    EXPECT_EQ(sprt->beta, 0.1);
    EXPECT_NEAR(sprt->lower_bound(), std::log(0.1 / 0.95), 1e-12);
    EXPECT_NEAR(sprt->upper_bound(), std::log(0.9 / 0.05), 1e-12);
    EXPECT_FALSE(parse_sprt("elo0=5 elo1=0").ok());
    EXPECT_FALSE(parse_sprt("elo0=x").ok());
    EXPECT_FALSE(parse_sprt("gamma=1").ok());
    EXPECT_FALSE(parse_sprt("alpha=0.6 beta=0.5").ok());
}

TEST(MatchStats, SprtRejectsNumbersThatAreNotFiniteOrAbsurd) {
    for (const char* bad : {"elo0=nan", "elo1=inf", "elo0=-inf elo1=5", "alpha=nan",
                            "elo0=0 elo1=1e300", "elo0=-5000 elo1=0"})
        EXPECT_FALSE(parse_sprt(bad).ok()) << bad;
}

TEST(MatchStats, SprtLlrFollowsTheEvidence) {
    SprtConfig sprt; // 0, 5, 0.05, 0.05: bounds -2.94, 2.94
    Pentanomial strong, weak, even;
    strong.counts = {20, 100, 400, 180, 40};
    weak.counts = {40, 180, 400, 100, 20};
    even.counts = {15, 70, 200, 70, 15};
    EXPECT_GT(sprt_llr(sprt, strong), sprt.upper_bound());
    EXPECT_EQ(sprt_verdict(sprt, sprt_llr(sprt, strong)), SprtVerdict::AcceptH1);
    EXPECT_LT(sprt_llr(sprt, weak), sprt.lower_bound());
    EXPECT_EQ(sprt_verdict(sprt, sprt_llr(sprt, weak)), SprtVerdict::AcceptH0);
    // Even results lean to H0 (elo 0) but slowly.
    double llr = sprt_llr(sprt, even);
    EXPECT_LT(llr, 0);
    EXPECT_GT(llr, sprt.lower_bound());
    EXPECT_EQ(sprt_llr(sprt, Pentanomial{}), 0);
}

TEST(MatchStats, SprtLlrIsCloseToItsNormalApproximationOnManyGames) {
    // Trinomial 3000-4000-3000 of 10,000 games: mean 0.5, variance 0.15; the approximation
    // LLR = N * (s1 - s0) * (1 - s0 - s1) / 0.3 with s0 = 0.5, s1 = score_from_elo(10).
    SprtConfig sprt{0, 10, 0.05, 0.05};
    double s1 = score_from_elo(10);
    double approximation = 10000 * (s1 - 0.5) * (0.5 - s1) / 0.3;
    EXPECT_NEAR(sprt_llr(sprt, Trinomial{3000, 4000, 3000}), approximation,
                0.02 * std::abs(approximation));
}

TEST(MatchStats, OnePairDecidesNothing) {
    // The normal approximation gave one won pair an LLR of 17.8 here and stopped the test.
    SprtConfig sprt{0, 50, 0.05, 0.05};
    Pentanomial won;
    won.counts = {0, 0, 0, 0, 1};
    double llr = sprt_llr(sprt, won);
    EXPECT_GT(llr, 0);
    EXPECT_LT(llr, 1);
    EXPECT_EQ(sprt_verdict(sprt, llr), SprtVerdict::Continue);
}

TEST(MatchStats, OneSidedResultsDecide) {
    // Every pair lost: a few decide nothing; many do, though no pair is drawn or won (the
    // empty buckets are regularized, so the likeliest distributions exist).
    SprtConfig sprt;
    Pentanomial lost;
    lost.counts = {3, 0, 0, 0, 0};
    EXPECT_EQ(sprt_verdict(sprt, sprt_llr(sprt, lost)), SprtVerdict::Continue);
    lost.counts = {300, 0, 0, 0, 0};
    EXPECT_EQ(sprt_verdict(sprt, sprt_llr(sprt, lost)), SprtVerdict::AcceptH0);
    Pentanomial pair;
    pair.add_pair(1, 0.5);
    EXPECT_EQ(pair.counts[3], 1);
}

} // namespace
} // namespace evo::match
