#include "skill.h"

#include <algorithm>

namespace evo::engine {

double skill_for_elo(int elo) {
    // A straight line from MinElo (level 0) to MaxElo (level 20); not calibrated by matches.
    double level = double(elo - MinElo) / double(MaxElo - MinElo) * MaxSkillLevel;
    return std::clamp(level, 0.0, double(MaxSkillLevel));
}

Move pick_weakened(const std::vector<RootMove>& moves, int lines, double level,
                   std::mt19937_64& rng) {
    lines = std::min<int>(lines, int(moves.size()));
    if (lines <= 0) return Move::none();
    Value top = moves[0].score;
    Value spread = std::min(top - moves[std::size_t(lines - 1)].score, SeeValue[Pawn]);
    int weakness = std::max(1, int(120 - 2 * level));
    Move best = moves[0].move;
    int best_score = -ValueInfinite * 2;
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = moves[std::size_t(i)];
        if (rm.score == -ValueInfinite) continue;
        int push = (weakness * (top - rm.score) + spread * int(rng() % unsigned(weakness))) / 128;
        if (rm.score + push >= best_score) {
            best_score = rm.score + push;
            best = rm.move;
        }
    }
    return best;
}

} // namespace evo::engine
