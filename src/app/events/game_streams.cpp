#include "game_streams.h"

#include <algorithm>

namespace evo::app {

GameEvents::GameEvents(const Clock& clock, std::int64_t forget_after_ms)
    : clock_(clock), forget_after_ms_(forget_after_ms), started_ms_(clock.now_ms()) {}

void GameEvents::subscribe(std::int64_t id, std::optional<Color> seat,
                           std::shared_ptr<EventSink> sink, EventText first) {
    {
        std::lock_guard lock(mutex_);
        forget_idle_locked(clock_.now_ms());
        games_[id].streams.push_back({seat, sink});
        // Under the lock: no event published after this one can overtake it.
        sink->send(std::move(first));
    }
    sink->on_close([this, id, raw = sink.get()] { unsubscribe(id, raw); });
    tell_presence_changed(id);
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
        std::optional<Color> seat = gone->seat;
        streams.erase(gone);
        std::int64_t now = clock_.now_ms();
        if (seat) it->second.left_at[std::size_t(*seat)] = now;
        if (streams.empty()) idle_from_locked(id, now);
        forget_idle_locked(now);
    }
    tell_presence_changed(id);
}

// Sending only queues the shared buffer on each connection, so it is done under the lock:
// then events reach every stream in the order they were published.
void GameEvents::publish(std::int64_t id, const EventText& text) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return;
    for (const Watcher& watcher : it->second.streams) watcher.sink->send(text);
}

void GameEvents::publish_to(std::int64_t id, const EventText& text,
                            const std::function<bool(std::optional<Color> seat)>& reads) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return;
    for (const Watcher& watcher : it->second.streams)
        if (reads(watcher.seat)) watcher.sink->send(text);
}

bool GameEvents::watched(std::int64_t id) const {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    return it != games_.end() && !it->second.streams.empty();
}

void GameEvents::seat_taken(std::int64_t id, Color side) {
    std::lock_guard lock(mutex_);
    std::int64_t now = clock_.now_ms();
    forget_idle_locked(now);
    Watchers& watchers = games_[id];
    watchers.left_at[std::size_t(side)] = now;
    if (watchers.streams.empty()) idle_from_locked(id, now);
}

void GameEvents::idle_from_locked(std::int64_t id, std::int64_t now) {
    games_[id].idle_since = now;
    idle_.emplace_back(now, id);
}

// A game is forgotten once it has had no stream for forget_after_ms; a note of an earlier
// idle spell (the game was watched again since) leaves it to the later note.
void GameEvents::forget_idle_locked(std::int64_t now) {
    while (!idle_.empty() && now - idle_.front().first >= forget_after_ms_) {
        std::int64_t id = idle_.front().second;
        idle_.pop_front();
        auto it = games_.find(id);
        if (it != games_.end() && it->second.streams.empty() &&
            now - it->second.idle_since >= forget_after_ms_)
            games_.erase(it);
    }
}

std::size_t GameEvents::tracked_games() const {
    std::lock_guard lock(mutex_);
    return games_.size();
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
    for (Color side : {White, Black})
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
    std::lock_guard lock(listeners_mutex_);
    listeners_.push_back(std::move(listener));
}

void GameEvents::tell_presence_changed(std::int64_t id) {
    std::vector<std::function<void(std::int64_t)>> listeners;
    {
        std::lock_guard lock(listeners_mutex_);
        listeners = listeners_;
    }
    for (const auto& listener : listeners) listener(id);
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
