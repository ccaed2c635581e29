// What a game's event streams are sent (docs/api.md "Live updates"), made on a thread of its
// own, never on an I/O thread nor under a game's lock:
// - for each change the EventBus announces, the change since the state the streams were last
//   sent (new moves, changed fields, versions), encoded once for all streams of the game;
// - the game's presence, coalesced (PresenceCoalescer): at most once an interval, and only
//   when spectators or connected players differ from what was sent.
// A stream's first event is the whole state (open()).
#pragma once

#include "app/common/clock.h"
#include "app/record/game_view.h"
#include "bus.h"
#include "game_streams.h"
#include "presence_coalescer.h"
#include "stream_text.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace evo::app {

class LiveUpdates {
  public:
    // A game's view, as GET answers it without a seat, at least at version `announced` (0: the
    // newest there is, after a gap); none if the game is gone.
    using ReadView =
        std::function<std::shared_ptr<const GameView>(std::int64_t id, std::int64_t announced)>;

    LiveUpdates(GameEvents& events, EventBus& bus, const Clock& clock, const GameStreamText& text,
                ReadView read_view, std::int64_t presence_interval_ms);
    ~LiveUpdates();
    LiveUpdates(const LiveUpdates&) = delete;
    LiveUpdates& operator=(const LiveUpdates&) = delete;

    // Opens a stream of game `id` on `sink`, `view` being the game's view now (read under the
    // game's lock, so that no change is missed between it and the subscription).
    void open(std::int64_t id, std::optional<Color> seat, std::shared_ptr<EventSink> sink,
              std::shared_ptr<const GameView> view);
    // Sends, on the caller's thread, the events of the changes announced so far and the
    // presence that is due. The thread calls it; tests too.
    void send_due();
    // Runs send_due on a thread whenever a change comes or presence is due; stop() ends it.
    void start();
    void stop();

  private:
    void queue(GameChanged change);
    void send_changes();
    // Whether the game's streams were sent its state at `version` or a newer one.
    bool sent_already(std::int64_t id, std::int64_t version);
    void send_presence();

    GameEvents& events_;
    const Clock& clock_;
    const GameStreamText& text_;
    ReadView read_view_;
    PresenceCoalescer presence_;

    // The view each watched game's streams were last sent, to tell the next change from.
    std::mutex sent_mutex_;
    std::unordered_map<std::int64_t, SentView> last_sent_;

    std::mutex queue_mutex_;
    std::condition_variable wake_;
    std::vector<GameChanged> changes_;
    bool presence_marked_ = false; // someone joined or left since the thread last looked
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
