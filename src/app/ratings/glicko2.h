// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), pure arithmetic with no
// I/O. Each game is one rating period, as lichess rates: a game's end updates both players
// from their ratings before it. docs/ratings.md says why the parameters are these.
#pragma once

#include <vector>

namespace evo::app {

struct Glicko2Rating {
    double rating = 0;     // on the Glicko scale (1500 = the initial rating)
    double rd = 0;         // rating deviation: how unsure the rating is
    double volatility = 0; // how erratic the player's results are
};

struct Glicko2Parameters {
    double initial_rating;
    double initial_rd;
    double initial_volatility;
    double tau; // how much the volatility may change in one period
};

// The parameters of every rating on this server, stated once (docs/ratings.md).
inline constexpr Glicko2Parameters rating_parameters{1500, 350, 0.06, 0.75};
// A rating whose deviation is above this is provisional (shown with "?"), as on lichess.
inline constexpr double provisional_rd_above = 110;

Glicko2Rating initial_rating(const Glicko2Parameters& parameters = rating_parameters);
bool is_provisional(const Glicko2Rating& rating);

struct Glicko2Result {
    Glicko2Rating opponent; // the opponent's rating before the game
    double score;           // 1 win, 0.5 draw, 0 loss
};

// The player's rating after one rating period holding these games (Glickman's steps 1-8;
// with no games only the deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Result>& games,
                             double tau = rating_parameters.tau);

// Both players' ratings after one game between them (each from both ratings before it);
// `white_score` is 1, 0.5 or 0.
struct RatedPair {
    Glicko2Rating white;
    Glicko2Rating black;
};
RatedPair rate_game(const Glicko2Rating& white, const Glicko2Rating& black, double white_score,
                    double tau = rating_parameters.tau);

} // namespace evo::app
