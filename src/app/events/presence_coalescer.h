// When to tell a game's streams who is there: a join or leave marks the game, and its
// presence is sent at most once per interval, and only if it differs from what was sent
// last (spectators, which players are connected). 3,000 spectators joining one game then
// cost each stream a few messages, not 3,000. The times come from the injected Clock.
// Thread-safe.
#pragma once

#include "app/common/clock.h"

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace evo::app {

// What a presence message tells that may change by a join or a leave. The instant a player
// left counts too: a player who comes and goes within one interval leaves the same count,
// yet the opponent's page, told "there" meanwhile by a state, must hear "away" again.
struct PresenceSnapshot {
    int spectators = 0;
    std::array<bool, 2> connected{};                         // White, Black
    std::array<std::optional<std::int64_t>, 2> away_since{}; // White, Black
    bool operator==(const PresenceSnapshot&) const = default;
};

class PresenceCoalescer {
  public:
    PresenceCoalescer(const Clock& clock, std::int64_t interval_ms);

    // Someone joined or left game `id`.
    void mark(std::int64_t id);
    // The games whose presence is to be sent now: marked, their last message at least an
    // interval ago, and `snapshot` of them differs from what that message told. Each one
    // returned counts as sent now.
    std::vector<std::int64_t>
    take_due(const std::function<PresenceSnapshot(std::int64_t)>& snapshot);
    // The instant the next marked game is due, if any is marked.
    std::optional<std::int64_t> next_due_ms() const;

  private:
    struct Game {
        bool marked = false;
        std::optional<std::int64_t> sent_at;
        PresenceSnapshot sent;
    };

    const Clock& clock_;
    std::int64_t interval_ms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Game> games_;
};

} // namespace evo::app
