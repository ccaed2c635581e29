// Who watches each game: the open event streams (docs/api.md "Live updates"), which seat
// each belongs to, and so whether a player is present and how many spectators there are.
// A change of a game is encoded once and that one buffer goes to every stream of the game
// (LiveUpdates makes the events). A game
// nobody has watched for `forget_after_ms` is forgotten (memory stays bounded by the games
// watched lately); its players then count as away since this process started.
#pragma once

#include "app/common/clock.h"
#include "core/types.h"
#include "sink.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
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

    // How long the side's player has been away at `now`; none while their page is open.
    std::optional<std::int64_t> away_ms(Color side, std::int64_t now) const {
        const auto& since = away_since[std::size_t(side)];
        if (!since) return std::nullopt;
        return std::max<std::int64_t>(0, now - *since);
    }
};

class GameEvents {
  public:
    // `forget_after_ms` must be at least the wait before a claim of victory, which reads
    // when a player left.
    GameEvents(const Clock& clock, std::int64_t forget_after_ms);

    // Sends `first` on the sink, then every later publish of game `id`, until the sink
    // closes. `seat`: the colour whose holder opened it, none for a spectator.
    void subscribe(std::int64_t id, std::optional<Color> seat, std::shared_ptr<EventSink> sink,
                   EventText first);
    void publish(std::int64_t id, const EventText& text);
    // The same, to the streams whose seat (none: a spectator's) `reads` lets read it.
    void publish_to(std::int64_t id, const EventText& text,
                    const std::function<bool(std::optional<Color> seat)>& reads);
    // Whether the game has a stream open.
    bool watched(std::int64_t id) const;
    // A player took seat `side` now: they count as away until their page connects.
    void seat_taken(std::int64_t id, Color side);
    Presence presence(std::int64_t id) const;
    // Adds a listener, called (outside any lock) with the game's id when its presence changes:
    // on the thread that subscribes, or the one a stream's close callbacks run on (never an
    // I/O thread). The web's live updates listen, and the Bot API's game streams.
    void on_presence_change(std::function<void(std::int64_t)> listener);
    // Ends every stream (the server is stopping).
    void close_all();
    // How many games are tracked (watched, or left less than forget_after_ms ago).
    std::size_t tracked_games() const;

  private:
    struct Watcher {
        std::optional<Color> seat;
        std::shared_ptr<EventSink> sink;
    };
    struct Watchers {
        std::vector<Watcher> streams;
        std::array<std::optional<std::int64_t>, 2> left_at{};
        std::int64_t idle_since = 0; // when streams last became empty
    };

    void unsubscribe(std::int64_t id, const EventSink* sink);
    Presence presence_locked(std::int64_t id) const;
    // The game has no stream now: it may be forgotten forget_after_ms from `now`.
    void idle_from_locked(std::int64_t id, std::int64_t now);
    void forget_idle_locked(std::int64_t now);

    const Clock& clock_;
    std::int64_t forget_after_ms_;
    std::int64_t started_ms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Watchers> games_;
    std::deque<std::pair<std::int64_t, std::int64_t>> idle_; // (since, game), oldest first
    void tell_presence_changed(std::int64_t id);
    mutable std::mutex listeners_mutex_;
    std::vector<std::function<void(std::int64_t)>> listeners_;
};

} // namespace evo::app
