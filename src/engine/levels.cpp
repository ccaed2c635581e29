#include "levels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace evo::engine {

namespace {

// Elo: chess, one scale fitted to every calibration game (bench/levels_fit.py over
// bench/levels-results.txt), Stockfish 15.1 at UCI_Elo 1800 held at 1800 and its other
// settings fitted with the levels (docs/strength.md, "Levels"; bench/levels.sh replays them).
// Levels 2-8 with the chess net (nets/chess.nnue), as they search by default, and the search
// of commit 85a2795 (correction history by units) and the chess net of commit c8f8a4b (the
// fourth, N = 256).
constexpr std::array<Level, LevelCount> Table = {{
    // Level 1 must lose regularly to a real beginner in every variant (issue 23, item 8):
    // against bench/beginner.sh's scripted beginner it scores about 40-60%.
    {1, "Beginner", "Sees one move ahead but plays loosely: often leaves units hanging", 80, 100, 1,
     64, 600, 800, true},
    {2, "Novice", "Looks a few moves ahead; natural moves, misses tactics", 1280, 1000, 4, 5, 45,
     120},
    {3, "Casual", "Spots simple tactics; some loose moves", 1680, 4000, std::nullopt, 3, 20, 60},
    {4, "Club", "A steady club player; small inaccuracies", 2140, 10000, std::nullopt, 2, 10, 30},
    {5, "Strong club", "Rarely blunders; misses deeper tactics", 2410, 20000, std::nullopt, 1, 0,
     0},
    {6, "Expert", "Sound play on a short search", 2680, 60000, std::nullopt, 1, 0, 0},
    {7, "Master", "Sound play on a longer search", 2975, 250000, std::nullopt, 1, 0, 0},
    {8, "Full strength", "The full engine under the game's time limit", 3230, std::nullopt,
     std::nullopt, 1, 0, 0},
}};

} // namespace

const std::array<Level, LevelCount>& levels() {
    return Table;
}

const Level& level(int number) {
    return Table[std::size_t(std::clamp(number, 1, LevelCount) - 1)];
}

const Level& full_strength_level() {
    return Table.back();
}

int level_for_elo(int elo) {
    int best = 1;
    for (const Level& l : Table)
        if (std::abs(l.elo - elo) < std::abs(level(best).elo - elo)) best = l.number;
    return best;
}

int min_level_elo() {
    return Table.front().elo;
}

int max_level_elo() {
    return Table.back().elo;
}

int level_for_skill(int skill) {
    skill = std::clamp(skill, 0, MaxSkillLevel);
    return 1 + (skill * (LevelCount - 1) + MaxSkillLevel / 2) / MaxSkillLevel;
}

Level in_variant_units(const Level& level, int pawn_units, int chess_pawn_units) {
    Level scaled = level;
    auto scale = [&](int cp) {
        return int((std::int64_t(cp) * pawn_units + chess_pawn_units / 2) /
                   std::max(1, chess_pawn_units));
    };
    scaled.temperature_cp = scale(level.temperature_cp);
    scaled.max_loss_cp = scale(level.max_loss_cp);
    return scaled;
}

std::vector<const RootMove*> level_candidates(const std::vector<RootMove>& moves,
                                              const Level& level) {
    std::vector<const RootMove*> candidates;
    for (const RootMove& rm : moves)
        if (rm.completed_score != -ValueInfinite) candidates.push_back(&rm);
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const RootMove* a, const RootMove* b) {
                         return a->completed_score > b->completed_score;
                     });
    if (int(candidates.size()) > level.lines) candidates.resize(std::size_t(level.lines));
    return candidates;
}

std::vector<double> choice_weights(const std::vector<const RootMove*>& candidates,
                                   const Level& level) {
    std::vector<double> weights(candidates.size(), 0.0);
    if (candidates.empty()) return weights;
    const Value best = candidates.front()->completed_score;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        // Mate scores are far apart: a move that lets a mate slip loses "infinitely".
        double loss = double(best) - double(candidates[i]->completed_score);
        if (i == 0)
            weights[i] = 1.0;
        else if (level.temperature_cp > 0 && loss <= level.max_loss_cp)
            weights[i] = std::exp(-loss / level.temperature_cp);
    }
    return weights;
}

Move pick_for_level(const std::vector<RootMove>& moves, const Level& level, std::mt19937_64& rng) {
    // Without randomness the search's own answer, which counts an iteration the node budget
    // cut short (its first line was searched first, so its best move is sound).
    if (level.temperature_cp == 0 || moves.empty())
        return moves.empty() ? Move::none() : moves.front().move;
    auto candidates = level_candidates(moves, level);
    if (candidates.empty()) return moves.front().move;
    auto weights = choice_weights(candidates, level);
    double total = 0;
    for (double w : weights) total += w;
    // By hand rather than std::discrete_distribution: the same seed gives the same move with
    // every standard library.
    double draw = double(rng() >> 11) * 0x1p-53 * total;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (draw < weights[i]) return candidates[i]->move;
        draw -= weights[i];
    }
    return candidates.front()->move;
}

} // namespace evo::engine
