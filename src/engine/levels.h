// Named playing levels, from a beginner to full strength: one table that the UCI options
// (UCI_LimitStrength/UCI_Elo, Skill Level, Level), the web server and the docs all read.
// A weak level searches little, so it misses what lies a few plies deep (forks, quiet
// threats) as a beginner does, and chooses among the plausible moves it found with a
// probability that falls with the score they lose; a move that loses far more than its
// temperature (a piece left hanging, as its search sees) is never chosen.
#pragma once

#include "search.h"

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace evo::engine {

struct Level {
    int number = 0; // 1..levels().size()
    std::string_view name;
    std::string_view description;
    int elo = 0; // estimated chess Elo, calibrated by matches (docs/strength.md, "Levels")
    // Per move; unset: only the caller's limits. Nodes, not time, so that the strength does
    // not depend on the machine or its load.
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    int lines = 1;          // candidate root moves searched with exact scores (MultiPV)
    int temperature_cp = 0; // softmax over the score loss; 0: always the best move
    int max_loss_cp = 0;    // candidates losing more than this are never chosen
    // Searches with the hand-written evaluation even where a net is built in: the level's
    // temperature was calibrated on its scores, and a net's wider ones made it choose more
    // sharply (docs/strength.md, "Promote King Chess: the third net").
    bool hand_written_evaluation = false;
    bool full_strength() const { return !nodes && !depth && lines == 1; }
};

constexpr int LevelCount = 8;

// The table's temperatures and loss bounds are in the evaluation units of chess, where a pawn
// is worth `chess_pawn_units`; a variant whose pawn is worth `pawn_units` gets them scaled,
// so that a level's blunders cost the same in pawns in every variant (an EvoChess pawn is
// worth four chess ones in evaluation units: unscaled, every level played near its best there).
Level in_variant_units(const Level& level, int pawn_units, int chess_pawn_units);
const std::array<Level, LevelCount>& levels();
const Level& level(int number); // clamped to 1..LevelCount
const Level& full_strength_level();

// UCI_Elo: the level whose calibrated Elo is nearest (ties to the weaker).
int level_for_elo(int elo);
int min_level_elo();
int max_level_elo();
// Skill Level 0..20 spread over the table: 0 the first level, 20 full strength.
constexpr int MaxSkillLevel = 20;
int level_for_skill(int skill);

// The candidates, best first: root moves with an exact score from the last completed
// iteration (MultiPV lines), at most `level.lines`.
std::vector<const RootMove*> level_candidates(const std::vector<RootMove>& moves,
                                              const Level& level);
// The chance of each candidate (same order): softmax over the loss against the best with
// the level's temperature; zero above its max_loss.
std::vector<double> choice_weights(const std::vector<const RootMove*>& candidates,
                                   const Level& level);
// Draws a move by those chances; none only when there is no candidate.
Move pick_for_level(const std::vector<RootMove>& moves, const Level& level, std::mt19937_64& rng);

} // namespace evo::engine
