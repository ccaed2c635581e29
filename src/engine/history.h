// What the search learns about quiet moves and captures while it runs, for move ordering:
// butterfly history, continuation history (by the previous moves' piece and square),
// capture history, killers and counter moves. One set per search thread.
#pragma once

#include "core/move.h"

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

struct SearchHistory {
    std::int16_t butterfly[2][64][64];
    std::int16_t capture[16][64][PieceTypeCount];
    PieceToHistory continuation[16][64];
    Move counter_moves[16][64];

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

} // namespace evo::engine
