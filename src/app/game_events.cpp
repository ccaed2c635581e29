#include "game_events.h"

#include <algorithm>

namespace evo::app {

GameEvents::GameEvents(const Clock& clock) : clock_(clock), started_ms_(clock.now_ms()) {}

void GameEvents::subscribe(std::int64_t id, std::optional<int> seat,
                           std::shared_ptr<EventSink> sink, std::string first) {
    {
        std::lock_guard lock(mutex_);
        games_[id].streams.push_back({seat, sink});
    }
    sink->send(std::move(first));
    sink->on_close([this, id, raw = sink.get()] { unsubscribe(id, raw); });
    if (listener_) listener_(id);
}

void GameEvents::unsubscribe(std::int64_t id, const EventSink* sink) {
    {
        std::lock_guard lock(mutex_);
        auto it = games_.find(id);
        if (it == games_.end()) return;
        auto& streams = it->second.streams;
        auto gone = std::find_if(streams.begin(), streams.end(), [&](const Watcher& watcher) {
            return watcher.sink.get() == sink;
        });
        if (gone == streams.end()) return;
        std::optional<int> seat = gone->seat;
        streams.erase(gone);
        if (seat) it->second.left_at[std::size_t(*seat)] = clock_.now_ms();
    }
    if (listener_) listener_(id);
}

void GameEvents::publish(std::int64_t id, const std::string& text) {
    std::vector<std::shared_ptr<EventSink>> sinks;
    {
        std::lock_guard lock(mutex_);
        auto it = games_.find(id);
        if (it == games_.end()) return;
        for (const Watcher& watcher : it->second.streams) sinks.push_back(watcher.sink);
    }
    for (auto& sink : sinks) sink->send(text);
}

void GameEvents::seat_taken(std::int64_t id, int side) {
    std::lock_guard lock(mutex_);
    games_[id].left_at[std::size_t(side)] = clock_.now_ms();
}

Presence GameEvents::presence(std::int64_t id) const {
    std::lock_guard lock(mutex_);
    return presence_locked(id);
}

Presence GameEvents::presence_locked(std::int64_t id) const {
    Presence presence;
    // Nobody seen since this process started counts as away since then.
    presence.away_since = {started_ms_, started_ms_};
    auto it = games_.find(id);
    if (it == games_.end()) return presence;
    for (int side = 0; side < 2; ++side)
        if (auto left = it->second.left_at[std::size_t(side)])
            presence.away_since[std::size_t(side)] = *left;
    for (const Watcher& watcher : it->second.streams) {
        if (!watcher.seat) {
            ++presence.spectators;
            continue;
        }
        presence.connected[std::size_t(*watcher.seat)] = true;
        presence.away_since[std::size_t(*watcher.seat)].reset();
    }
    return presence;
}

void GameEvents::on_presence_change(std::function<void(std::int64_t)> listener) {
    listener_ = std::move(listener);
}

void GameEvents::close_all() {
    std::vector<std::shared_ptr<EventSink>> sinks;
    {
        std::lock_guard lock(mutex_);
        for (auto& [id, watchers] : games_)
            for (const Watcher& watcher : watchers.streams) sinks.push_back(watcher.sink);
    }
    for (auto& sink : sinks) sink->close();
}

} // namespace evo::app
