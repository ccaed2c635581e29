#include "arena_waiting.h"

#include <algorithm>

namespace evo::app {

int arena_wait_seconds(ArenaClock clock) {
    const int estimated_total = clock.base_seconds + 40 * clock.increment_seconds;
    if (estimated_total < 30) return 8;
    if (estimated_total < 60) return 10;
    return std::clamp(estimated_total / 10 + 6, 15, 50);
}

bool arena_should_pair(const WaitingState& state, ArenaClock clock) {
    const auto size = state.waiting.size();
    if (size < 2) return false;
    if (!state.had_pairings || size > 100) return true;
    const std::int64_t waited_since = state.now_ms - std::int64_t{arena_wait_seconds(clock)} * 1000;
    const auto waited_enough =
        std::count_if(state.waiting.begin(), state.waiting.end(),
                      [&](const WaitingPlayer& p) { return p.waiting_since_ms < waited_since; });
    if (waited_enough > 1) return true;
    // lila: active players <= 1.5 x waiting.
    return state.small_event_active_players &&
           2 * *state.small_event_active_players <= 3 * static_cast<int>(size);
}

std::vector<ArenaPlayerId> arena_players_to_pair(std::span<const WaitingPlayer> waiting) {
    std::vector<ArenaPlayerId> players;
    players.reserve(waiting.size());
    auto latest = waiting.end();
    if (waiting.size() % 2 == 1)
        latest = std::max_element(waiting.begin(), waiting.end(),
                                  [](const WaitingPlayer& a, const WaitingPlayer& b) {
                                      return a.waiting_since_ms < b.waiting_since_ms;
                                  });
    for (auto it = waiting.begin(); it != waiting.end(); ++it)
        if (it != latest) players.push_back(it->player);
    return players;
}

} // namespace evo::app
