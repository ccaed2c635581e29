#include "match_stats.h"

#include "engine_spec.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

namespace evo::match {

namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();
constexpr double Z95 = 1.959963984540054;

// The distribution over the K scores of greatest likelihood for the observed weights whose
// expected score is s: p_i = (w_i / n) / (1 + theta (x_i - s)), theta the root of
// sum p_i (x_i - s) = 0 (a Lagrange multiplier; the sum falls as theta grows, from +inf to
// -inf over the interval where every 1 + theta (x_i - s) is positive).
template <std::size_t K>
std::array<double, K> likeliest_with_mean(const std::array<double, K>& values,
                                          const std::array<double, K>& weights, double n,
                                          double s) {
    double above = 0, below = 0; // the largest x - s, and the smallest
    for (double x : values) above = std::max(above, x - s), below = std::min(below, x - s);
    double low = -1 / above, high = -1 / below;
    auto excess = [&](double theta) {
        double sum = 0;
        for (std::size_t i = 0; i < K; ++i)
            sum += weights[i] / n * (values[i] - s) / (1 + theta * (values[i] - s));
        return sum;
    };
    for (int step = 0; step < 200; ++step) {
        double mid = (low + high) / 2;
        (excess(mid) > 0 ? low : high) = mid;
    }
    double theta = (low + high) / 2;
    std::array<double, K> p{};
    for (std::size_t i = 0; i < K; ++i) p[i] = weights[i] / n / (1 + theta * (values[i] - s));
    return p;
}

// LLR of H1 (expected score s1) against H0 (s0) for samples x with counts, each x a score
// in [0, 1]: sum of w_i log(p1_i / p0_i), each p the likeliest distribution with that mean
// (Van den Bergh's generalized SPRT, as fishtest computes it). Unlike its normal
// approximation, N/2 ((x̄ - s0)² - (x̄ - s1)²) / var, it stays small on a few games: one won
// pair had an approximate LLR of 17.8 for elo0=0 elo1=50 and stopped a test at once.
template <std::size_t K>
double generalized_llr(const SprtConfig& sprt, const std::array<double, K>& values,
                       const std::array<int, K>& counts) {
    // As fishtest does: an empty bucket counts 1/1000, so that one-sided results (every
    // pair lost) still have a distribution on every score.
    std::array<double, K> weights{};
    double n = 0;
    for (std::size_t i = 0; i < K; ++i) {
        weights[i] = counts[i] ? counts[i] : 1e-3;
        n += weights[i];
    }
    if (n < 1) return 0; // no result yet
    double s0 = score_from_elo(sprt.elo0), s1 = score_from_elo(sprt.elo1);
    std::array<double, K> p0 = likeliest_with_mean(values, weights, n, s0);
    std::array<double, K> p1 = likeliest_with_mean(values, weights, n, s1);
    double llr = 0;
    for (std::size_t i = 0; i < K; ++i) llr += weights[i] * std::log(p1[i] / p0[i]);
    return llr;
}

std::optional<double> parse_number(std::string_view text) {
    double value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty() ||
        !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

double elo_from_score(double score) {
    if (score <= 0) return -Infinity;
    if (score >= 1) return Infinity;
    return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

EloEstimate estimate_elo(const Trinomial& r) {
    int n = r.games();
    if (n == 0) return {0, Infinity};
    double score = r.points() / n;
    double variance = (r.wins * (1 - score) * (1 - score) +
                       r.draws * (0.5 - score) * (0.5 - score) + r.losses * score * score) /
                      n;
    double margin = Z95 * std::sqrt(variance / n);
    double low = elo_from_score(score - margin), high = elo_from_score(score + margin);
    return {elo_from_score(score), (high - low) / 2};
}

double likelihood_of_superiority(const Trinomial& r) {
    if (r.wins + r.losses == 0) return 0.5;
    return 0.5 * (1 + std::erf((r.wins - r.losses) / std::sqrt(2.0 * (r.wins + r.losses))));
}

double SprtConfig::lower_bound() const {
    return std::log(beta / (1 - alpha));
}
double SprtConfig::upper_bound() const {
    return std::log((1 - beta) / alpha);
}

Result<SprtConfig> parse_sprt(std::string_view text) {
    auto words = split_words(text);
    if (!words) return make_error(words.error());
    SprtConfig sprt;
    for (const std::string& word : *words) {
        std::size_t equals = word.find('=');
        std::string key = word.substr(0, equals);
        auto value = equals == std::string::npos
                         ? std::nullopt
                         : parse_number(std::string_view(word).substr(equals + 1));
        if (!value) return make_error("bad SPRT setting '" + word + "' (elo0= elo1= alpha= beta=)");
        if (key == "elo0")
            sprt.elo0 = *value;
        else if (key == "elo1")
            sprt.elo1 = *value;
        else if (key == "alpha")
            sprt.alpha = *value;
        else if (key == "beta")
            sprt.beta = *value;
        else
            return make_error("unknown SPRT setting '" + key + "' (elo0= elo1= alpha= beta=)");
    }
    if (!(sprt.elo1 > sprt.elo0)) return make_error("SPRT needs elo1 > elo0");
    if (std::abs(sprt.elo0) > 2000 || std::abs(sprt.elo1) > 2000)
        return make_error("SPRT elo0 and elo1 must be within -2000..2000");
    if (!(sprt.alpha > 0 && sprt.alpha < 1 && sprt.beta > 0 && sprt.beta < 1 &&
          sprt.alpha + sprt.beta < 1))
        return make_error("SPRT needs 0 < alpha, beta and alpha + beta < 1");
    return sprt;
}

double sprt_llr(const SprtConfig& sprt, const Pentanomial& pairs) {
    return generalized_llr<5>(sprt, {0, 0.25, 0.5, 0.75, 1}, pairs.counts);
}

double sprt_llr(const SprtConfig& sprt, const Trinomial& games) {
    return generalized_llr<3>(sprt, {0, 0.5, 1}, {games.losses, games.draws, games.wins});
}

SprtVerdict sprt_verdict(const SprtConfig& sprt, double llr) {
    if (llr >= sprt.upper_bound()) return SprtVerdict::AcceptH1;
    if (llr <= sprt.lower_bound()) return SprtVerdict::AcceptH0;
    return SprtVerdict::Continue;
}

std::string sprt_verdict_text(SprtVerdict verdict) {
    switch (verdict) {
    case SprtVerdict::AcceptH1: return "H1 accepted (elo >= elo1)";
    case SprtVerdict::AcceptH0: return "H0 accepted (elo <= elo0)";
    default: return "continue";
    }
}

} // namespace evo::match
