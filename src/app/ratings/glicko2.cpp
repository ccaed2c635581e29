#include "glicko2.h"

#include <cmath>
#include <numbers>

namespace evo::app {

namespace {

// Glicko-2 works on its own scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
constexpr double scale = 173.7178;
// The convergence tolerance of the volatility iteration (Glickman's epsilon).
constexpr double epsilon = 0.000001;

double g(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected_score(double mu, double mu_j, double phi_j) {
    return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
    double a = std::log(sigma * sigma);
    auto f = [&](double x) {
        double ex = std::exp(x);
        double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double big_a = a;
    double big_b = 0;
    if (delta * delta > phi * phi + v) {
        big_b = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) ++k;
        big_b = a - k * tau;
    }
    double f_a = f(big_a);
    double f_b = f(big_b);
    while (std::fabs(big_b - big_a) > epsilon) {
        double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        double f_c = f(big_c);
        if (f_c * f_b <= 0) {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2;
        }
        big_b = big_c;
        f_b = f_c;
    }
    return std::exp(big_a / 2);
}

} // namespace

Glicko2Rating initial_rating(const Glicko2Parameters& parameters) {
    return {parameters.initial_rating, parameters.initial_rd, parameters.initial_volatility};
}

bool is_provisional(const Glicko2Rating& rating) {
    return rating.rd > provisional_rd_above;
}

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Result>& games,
                             double tau) {
    double mu = (player.rating - 1500) / scale;
    double phi = player.rd / scale;
    double sigma = player.volatility;
    if (games.empty()) {
        double grown = std::sqrt(phi * phi + sigma * sigma);
        return {player.rating, grown * scale, sigma};
    }
    double v_inverse = 0;
    double improvement = 0;
    for (const Glicko2Result& game : games) {
        double mu_j = (game.opponent.rating - 1500) / scale;
        double phi_j = game.opponent.rd / scale;
        double e = expected_score(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
        improvement += g(phi_j) * (game.score - e);
    }
    double v = 1 / v_inverse;
    double delta = v * improvement;
    double sigma_new = new_volatility(sigma, phi, v, delta, tau);
    double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
    double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    double mu_new = mu + phi_new * phi_new * improvement;
    return {mu_new * scale + 1500, phi_new * scale, sigma_new};
}

RatedPair rate_game(const Glicko2Rating& white, const Glicko2Rating& black, double white_score,
                    double tau) {
    return {glicko2_update(white, {{black, white_score}}, tau),
            glicko2_update(black, {{white, 1 - white_score}}, tau)};
}

} // namespace evo::app
