// The statistics of a match: Elo with its error bar, and the sequential probability ratio
// test that says when enough games have been played.
#pragma once

#include "core/result.h"

#include <array>
#include <string>

namespace evo::match {

// Game results from one engine's point of view.
struct Trinomial {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double points() const { return wins + 0.5 * draws; }
};

// Game pairs (one opening, each engine once with White), by the pair's points for one
// engine: 0, 1/2, 1, 3/2, 2. Pairs cancel most of the bias of an opening.
struct Pentanomial {
    std::array<int, 5> counts{};
    int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
    void add_pair(double first_game_points, double second_game_points) {
        ++counts[std::size_t((first_game_points + second_game_points) * 2 + 0.5)];
    }
};

// Logistic Elo of an expected score, and back. Infinite at a score of 0 or 1.
double elo_from_score(double score);
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;
    double error95 = 0; // half-width of the 95% confidence interval; infinite when unknown
};
// From single games: the score's variance comes from the W/D/L frequencies.
EloEstimate estimate_elo(const Trinomial& results);
// Likelihood of superiority: the probability that the engine is the stronger one.
double likelihood_of_superiority(const Trinomial& results);

struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    double lower_bound() const; // accept H0 (elo <= elo0) at or below
    double upper_bound() const; // accept H1 (elo >= elo1) at or above
};
// "elo0=0 elo1=5 alpha=0.05 beta=0.05"; missing keys keep these defaults.
Result<SprtConfig> parse_sprt(std::string_view text);

// Generalized SPRT (normal approximation of the log-likelihood ratio, logistic Elo, as in
// Michel Van den Bergh's notes used by fishtest): on pairs, or on single games.
double sprt_llr(const SprtConfig& sprt, const Pentanomial& pairs);
double sprt_llr(const SprtConfig& sprt, const Trinomial& games);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
SprtVerdict sprt_verdict(const SprtConfig& sprt, double llr);
std::string sprt_verdict_text(SprtVerdict verdict);

} // namespace evo::match
