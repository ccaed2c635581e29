// When to tell a game's streams who is there: a join or leave marks the game, and its
// presence is sent at most once per interval, and only if it differs from what was sent
// last (spectators, which players are connected). 3,000 spectators joining one game then
// cost each stream a few messages, not 3,000. The times come from the injected Clock.
// Thread-safe.
#pragma once

#include "clock.h"

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace evo::app {

// What a presence message tells that may change by a join or a leave.
struct PresenceCount {
    int spectators = 0;
    std::array<bool, 2> connected{}; // White, Black
    bool operator==(const PresenceCount&) const = default;
};

class PresenceCoalescer {
  public:
    PresenceCoalescer(const Clock& clock, std::int64_t interval_ms);

    // Someone joined or left game `id`.
    void mark(std::int64_t id);
    // The games whose presence is to be sent now: marked, their last message at least an
    // interval ago, and `count` of them differs from what that message told. Each one
    // returned counts as sent now.
    std::vector<std::int64_t> take_due(const std::function<PresenceCount(std::int64_t)>& count);
    // The instant the next marked game is due, if any is marked.
    std::optional<std::int64_t> next_due_ms() const;

  private:
    struct Game {
        bool marked = false;
        std::optional<std::int64_t> sent_at;
        PresenceCount sent;
    };

    const Clock& clock_;
    std::int64_t interval_ms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Game> games_;
};

} // namespace evo::app
