// Playing weaker on purpose (UCI_LimitStrength/UCI_Elo, Skill Level): search a few lines
// shallowly, then pick a move that may be worse than the best by a random margin that
// grows as the level falls.
#pragma once

#include "search.h"

#include <optional>
#include <random>

namespace evo::engine {

constexpr int MaxSkillLevel = 20;
constexpr int MinElo = 600;
constexpr int MaxElo = 2800;

// The level (0..20, fractional) for an Elo; at MaxElo full strength.
double skill_for_elo(int elo);

struct SkillPlan {
    double level = MaxSkillLevel;
    bool enabled() const { return level < MaxSkillLevel; }
    int lines() const { return 4; }
    int depth_limit() const { return 1 + int(level); }
};

// Picks among the first `lines` root moves (sorted best first).
Move pick_weakened(const std::vector<RootMove>& moves, int lines, double level,
                   std::mt19937_64& rng);

} // namespace evo::engine
