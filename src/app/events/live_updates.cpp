#include "live_updates.h"

#include "app/common/fault_log.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace evo::app {

namespace {

// The longest the thread waits without looking for presence that has come due (the clock
// may be one a test moves by hand).
constexpr std::int64_t longest_wait_ms = 1000;

} // namespace

LiveUpdates::LiveUpdates(GameEvents& events, EventBus& bus, const Clock& clock,
                         const GameStreamText& text, ReadView read_view,
                         std::int64_t presence_interval_ms)
    : events_(events), clock_(clock), text_(text), read_view_(std::move(read_view)),
      presence_(clock, presence_interval_ms) {
    bus.listen([this](const GameChanged& change) { queue(change); },
               [this] {
                   // Notices may be lost: every watched game is read again.
                   std::vector<std::int64_t> watched;
                   {
                       std::lock_guard lock(sent_mutex_);
                       for (const auto& [id, state] : last_sent_) watched.push_back(id);
                   }
                   for (std::int64_t id : watched) queue({id, 0});
               });
    events_.on_presence_change([this](std::int64_t id) {
        presence_.mark(id);
        {
            std::lock_guard lock(queue_mutex_);
            presence_marked_ = true;
        }
        wake_.notify_one();
    });
}

LiveUpdates::~LiveUpdates() {
    stop();
}

void LiveUpdates::open(std::int64_t id, std::optional<Color> seat, std::shared_ptr<EventSink> sink,
                       std::shared_ptr<const GameView> view) {
    EventText first = text_.state(*view);
    SentView sent = text_.sent(std::move(view));
    std::lock_guard lock(sent_mutex_);
    // The streams already open may be a version behind this one: the next change is told
    // from what they were sent (this stream ignores what it has seen).
    last_sent_.try_emplace(id, std::move(sent));
    events_.subscribe(id, seat, std::move(sink), std::move(first));
}

void LiveUpdates::queue(GameChanged change) {
    {
        std::lock_guard lock(queue_mutex_);
        changes_.push_back(change);
    }
    wake_.notify_one();
}

void LiveUpdates::send_due() {
    send_changes();
    send_presence();
}

bool LiveUpdates::sent_already(std::int64_t id, std::int64_t version) {
    std::lock_guard lock(sent_mutex_);
    auto sent = last_sent_.find(id);
    return sent != last_sent_.end() && version <= sent->second.view->version;
}

void LiveUpdates::send_changes() {
    std::vector<GameChanged> changes;
    {
        std::lock_guard lock(queue_mutex_);
        changes.swap(changes_);
    }
    // One read of each game, however many of its changes came since the last pass. Version 0
    // (a gap) always reads; otherwise the newest version announced, as a change announced
    // twice (by this process, then by the database's notice) is read once.
    std::vector<std::int64_t> ids;
    std::unordered_map<std::int64_t, std::int64_t> newest;
    for (const GameChanged& change : changes) {
        if (std::find(ids.begin(), ids.end(), change.game_id) == ids.end())
            ids.push_back(change.game_id);
        auto [entry, added] = newest.try_emplace(change.game_id, change.version);
        if (change.version == 0 || entry->second == 0)
            entry->second = 0;
        else
            entry->second = std::max(entry->second, change.version);
    }
    for (std::int64_t id : ids) {
        if (!events_.watched(id)) {
            std::lock_guard lock(sent_mutex_);
            if (!events_.watched(id)) last_sent_.erase(id);
            continue;
        }
        if (newest[id] != 0 && sent_already(id, newest[id])) continue;
        std::shared_ptr<const GameView> view;
        try {
            view = read_view_(id, newest[id]); // may take the game's lock: not under sent_mutex_
        } catch (const std::exception& error) {
            log_fault("reading a changed game for its streams", error.what());
        }
        if (!view) continue;
        std::int64_t version = view->version;
        if (sent_already(id, version)) continue;
        // The JSON is written outside the lock; what was sent is looked at again under it.
        SentView now = text_.sent(std::move(view));
        std::lock_guard lock(sent_mutex_);
        auto sent = last_sent_.find(id);
        if (sent == last_sent_.end()) {
            // Its streams' states are not known here: the whole state, which any client takes.
            events_.publish(id, text_.state(*now.view));
            last_sent_.emplace(id, std::move(now));
            continue;
        }
        if (version <= sent->second.view->version) continue; // sent already
        EventText text = text_.change(sent->second, now);
        sent->second = std::move(now);
        events_.publish(id, text);
    }
}

void LiveUpdates::send_presence() {
    std::vector<std::int64_t> due = presence_.take_due([this](std::int64_t id) {
        Presence presence = events_.presence(id);
        return PresenceSnapshot{presence.spectators, presence.connected, presence.away_since};
    });
    for (std::int64_t id : due) {
        events_.publish(id, text_.presence(events_.presence(id), clock_.now_ms()));
        // Everyone left: what its streams were sent need not be kept.
        std::lock_guard lock(sent_mutex_);
        if (!events_.watched(id)) last_sent_.erase(id);
    }
}

void LiveUpdates::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(queue_mutex_);
        while (!stopping_) {
            presence_marked_ = false;
            lock.unlock();
            try {
                send_due();
            } catch (const std::exception& error) {
                log_fault("live updates", error.what());
            }
            std::int64_t wait_ms = longest_wait_ms;
            if (auto due = presence_.next_due_ms())
                wait_ms = std::clamp<std::int64_t>(*due - clock_.now_ms(), 0, longest_wait_ms);
            lock.lock();
            if (wait_ms > 0 && changes_.empty() && !presence_marked_ && !stopping_)
                wake_.wait_for(lock, std::chrono::milliseconds(wait_ms));
        }
    });
}

void LiveUpdates::stop() {
    {
        std::lock_guard lock(queue_mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

} // namespace evo::app
