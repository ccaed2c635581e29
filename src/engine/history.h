// What the search learns about quiet moves and captures while it runs, for move ordering:
// butterfly history, continuation history (by the previous moves' piece and square),
// capture history, killers and counter moves. One set per search thread.
#pragma once

#include "core/move.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace evo::engine {

constexpr int HistoryMax = 16384;

// Moves the value towards `bonus`' sign with saturation at +-HistoryMax.
inline void update_history(std::int16_t& entry, int bonus) {
    int clamped = bonus < -HistoryMax ? -HistoryMax : (bonus > HistoryMax ? HistoryMax : bonus);
    entry = std::int16_t(entry + clamped - entry * std::abs(clamped) / HistoryMax);
}

inline int history_bonus(int depth) {
    int b = 170 * depth - 120;
    return b > 1800 ? 1800 : b;
}

// [piece][to] of one earlier move -> [piece][to] of the move now.
struct PieceToHistory {
    std::int16_t table[16][64];
};

// Correction history: by side to move and pawn structure, and by side to move and each
// colour's other units, how far the search's results have been from the static evaluation,
// in 1/CorrectionGrain of a centipawn.
constexpr int CorrectionSize = 16384;
constexpr int CorrectionGrain = 256;
constexpr int CorrectionMax = CorrectionGrain * 32;

// Moves a correction entry towards `diff` centipawns (a search result minus the static
// evaluation), more for deeper results, never past +-CorrectionMax.
inline void update_correction(std::int16_t& entry, int diff, int depth) {
    int target = std::clamp(diff * CorrectionGrain, -CorrectionMax, CorrectionMax);
    int weight = std::min(depth + 1, 16);
    entry = std::int16_t((entry * (256 - weight) + target * weight) / 256);
}

// The correction of three entries together, in centipawns rounded to the nearest (the
// integer average stops a fraction short of its target): the pawn structure's whole, each
// colour's other units half (two views of the same error).
inline int combined_correction(std::int16_t pawns, std::int16_t white_units,
                               std::int16_t black_units) {
    int sum = 2 * pawns + white_units + black_units;
    return (sum + (sum < 0 ? -CorrectionGrain : CorrectionGrain)) / (2 * CorrectionGrain);
}

// What one entry alone adds, in centipawns.
inline int correction_value(std::int16_t entry) {
    return combined_correction(entry, 0, 0);
}

struct SearchHistory {
    std::int16_t correction[2][CorrectionSize];
    std::int16_t unit_correction[2][2][CorrectionSize]; // [side to move][colour of the units]
    std::int16_t butterfly[2][64][64];
    std::int16_t capture[16][64][PieceTypeCount];
    PieceToHistory continuation[16][64];
    Move counter_moves[16][64];

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

} // namespace evo::engine
