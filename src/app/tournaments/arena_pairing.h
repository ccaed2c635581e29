// The arena's pairing wave, by lichess's rules (lila's `PairingSystem`, `AntmaPairing`,
// `ColorHistory`, `Pairing.prepWithColor`): among the waiting players, a matching of the most
// pairs allowed and, of those, the least cost (rank distance x a rank factor + rating
// distance), no immediate rematch, at most 3 games in a row with one colour. Pure: ranks,
// ratings, colour histories and last opponents are handed in, and so is the seed of the coin
// tosses.
#pragma once

#include "arena_scoring.h"

#include <cstdint>
#include <span>
#include <vector>

namespace evo::app {

// lila's colour history: `streak` > 0 is that many games in a row with White, < 0 with Black;
// `balance` is White games minus Black games.
struct ColourHistory {
    int streak = 0;
    int balance = 0;
};

inline constexpr int max_colour_streak = 3; // P3

ColourHistory colour_history_after(ColourHistory history, bool played_white);
// Two players may meet unless both have had max_streak games in a row with the same colour
// (P3).
bool colours_allow(ColourHistory a, ColourHistory b, int max_streak = max_colour_streak);
// Whether `a` gets White against `b` (P4): the one with the lower streak, then the lower
// balance; `coin` when they are equal.
bool first_gets_white(ColourHistory a, ColourHistory b, bool coin);

struct PairingCandidate {
    ArenaPlayerId player = 0;
    int rank = 1; // in the event's standings, 1 the leader
    int rating = 1500;
    ColourHistory colours;
    ArenaPlayerId last_opponent = 0; // 0 when none
    std::int64_t waiting_since_ms = 0;
};

struct ArenaPairingInput {
    std::span<const PairingCandidate> waiting;
    // In the event's first seconds lila pairs neighbours in rank order at once (P6).
    bool recently_started = false;
    // Only two players active in a small event: they may play again and again (P2).
    bool only_two_active = false;
    std::uint64_t seed = 0; // of the coin tosses for colours
};

struct ArenaPair {
    ArenaPlayerId white = 0;
    ArenaPlayerId black = 0;
};

// The cost of pairing a with b when the group's largest rank is `max_rank` (P1), or -1 when
// they may not meet (P2, P3).
std::int64_t arena_pair_cost(const PairingCandidate& a, const PairingCandidate& b, int max_rank,
                             bool only_two_active);

// One pairing wave (P1-P7): the even number of waiting players (the last to come waits when
// they are odd, unless that pairs nobody), ranked; up to 100 in one minimum-cost matching, more
// split in two groups and neighbours paired beyond them.
std::vector<ArenaPair> arena_pairings(const ArenaPairingInput& input);

} // namespace evo::app
