// What `evochess balance` measures over a variant's self-play games: White's score with its
// 95% interval, draws, decisive results by game length, evolution rights earned and used.
#pragma once

#include "core/game.h"

#include <array>
#include <string>
#include <utility>

namespace evo::balance {

// Game lengths in plies: up to 40, 80, 120, 160, and longer.
constexpr std::array<int, 4> LengthBuckets = {40, 80, 120, 160};

struct RightCounts {
    long earned = 0, used = 0;
};

struct VariantBalance {
    std::string variant;
    int games = 0;
    int white_wins = 0, draws = 0, black_wins = 0;
    long plies = 0; // summed over games
    std::array<int, LengthBuckets.size() + 1> games_by_length{};
    std::array<int, LengthBuckets.size() + 1> decisive_by_length{};
    RightCounts minor, rook; // RULES 2.3-2.5, 3.1-3.3: both sides together
    long direct_rooks = 0;   // RULES 3.4: used (it is earned with the two rights)

    double white_score() const;
    // The 95% interval of White's score: normal approximation over games scoring 1, 1/2, 0,
    // with one win and one loss added (as Agresti-Coull do for proportions), so that a sample
    // of only wins or only draws still gets an interval of honest width. Within [0, 1].
    std::pair<double, double> white_score_interval95() const;
    double draw_rate() const;
    double average_plies() const;
};

// Adds a finished game (played from its start position, openings included).
void add_game(VariantBalance& balance, const Game& game);

} // namespace evo::balance
