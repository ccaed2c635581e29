// Who the arena pairs and when, by lichess's rules (lila's `WaitingUsers` and
// `TournamentApi.makePairings`): players waiting for a game, with the time each began to wait,
// handed in with the time now.
#pragma once

#include "arena_clock.h"
#include "arena_scoring.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace evo::app {

// The wait before a pairing wave, from the clock's estimated game time (base + 40 x
// increment): under 30 s 8 s, under 60 s 10 s, else a tenth of it plus 6 s within 15-50 s (W1).
int arena_wait_seconds(ArenaClock clock);

struct WaitingPlayer {
    ArenaPlayerId player = 0;
    std::int64_t waiting_since_ms = 0;
};

struct WaitingState {
    std::span<const WaitingPlayer> waiting;
    std::int64_t now_ms = 0;
    bool had_pairings = false; // the event has made a pairing wave before
    // lila's count of active players, which it gives for small events only.
    std::optional<int> small_event_active_players;
};

// Whether to make a pairing wave now (W2): two or more waiting and either the event's first
// wave, more than 100 waiting, at least two who waited longer than arena_wait_seconds, or a
// small event where the waiting are at least two thirds of the active players.
bool arena_should_pair(const WaitingState& state, ArenaClock clock);

// The players to pair (W3): all of them when even; when odd, all but the one who began to wait
// last (who waits for the next wave).
std::vector<ArenaPlayerId> arena_players_to_pair(std::span<const WaitingPlayer> waiting);

} // namespace evo::app
