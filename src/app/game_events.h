// Who watches each game: the open event streams (docs/api.md "Live updates"), which seat
// each belongs to, and so whether a player is present and how many spectators there are.
// A change of a game is published once, as text, to every stream of that game.
#pragma once

#include "clock.h"
#include "http/http_message.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace evo::app {

struct Presence {
    std::array<bool, 2> connected{};                         // White, Black have a stream open
    std::array<std::optional<std::int64_t>, 2> away_since{}; // when the last one closed
    int spectators = 0;
};

class GameEvents {
  public:
    explicit GameEvents(const Clock& clock);

    // Sends `first` on the sink, then every later publish of game `id`, until the sink
    // closes. `seat`: the colour (0, 1) whose holder opened it, none for a spectator.
    void subscribe(std::int64_t id, std::optional<int> seat, std::shared_ptr<EventSink> sink,
                   std::string first);
    void publish(std::int64_t id, const std::string& text);
    // A player took seat `side` now: they count as away until their page connects.
    void seat_taken(std::int64_t id, int side);
    Presence presence(std::int64_t id) const;
    // Called (outside any lock) with the game's id when its presence changes.
    void on_presence_change(std::function<void(std::int64_t)> listener);
    // Ends every stream (the server is stopping).
    void close_all();

  private:
    struct Watcher {
        std::optional<int> seat;
        std::shared_ptr<EventSink> sink;
    };
    struct Watchers {
        std::vector<Watcher> streams;
        std::array<std::optional<std::int64_t>, 2> left_at{};
    };

    void unsubscribe(std::int64_t id, const EventSink* sink);
    Presence presence_locked(std::int64_t id) const;

    const Clock& clock_;
    std::int64_t started_ms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Watchers> games_;
    std::function<void(std::int64_t)> listener_;
};

} // namespace evo::app
