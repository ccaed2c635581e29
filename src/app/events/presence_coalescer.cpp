#include "presence_coalescer.h"

#include <algorithm>

namespace evo::app {

PresenceCoalescer::PresenceCoalescer(const Clock& clock, std::int64_t interval_ms)
    : clock_(clock), interval_ms_(interval_ms) {}

void PresenceCoalescer::mark(std::int64_t id) {
    std::lock_guard lock(mutex_);
    games_[id].marked = true;
}

std::vector<std::int64_t>
PresenceCoalescer::take_due(const std::function<PresenceSnapshot(std::int64_t)>& snapshot) {
    std::vector<std::int64_t> due;
    std::lock_guard lock(mutex_);
    std::int64_t now = clock_.now_ms();
    for (auto it = games_.begin(); it != games_.end();) {
        Game& game = it->second;
        bool waited = !game.sent_at || now - *game.sent_at >= interval_ms_;
        if (game.marked && waited) {
            game.marked = false;
            PresenceSnapshot current = snapshot(it->first);
            if (!game.sent_at || current != game.sent) {
                game.sent = current;
                game.sent_at = now;
                due.push_back(it->first);
            }
        }
        // A game quiet for an interval needs no note: its next mark is sent at once (at worst
        // a message that tells nothing new).
        bool quiet = !game.marked && (!game.sent_at || now - *game.sent_at >= interval_ms_);
        if (quiet)
            it = games_.erase(it);
        else
            ++it;
    }
    return due;
}

std::optional<std::int64_t> PresenceCoalescer::next_due_ms() const {
    std::lock_guard lock(mutex_);
    std::optional<std::int64_t> next;
    for (const auto& [id, game] : games_) {
        if (!game.marked) continue;
        std::int64_t due = game.sent_at ? *game.sent_at + interval_ms_ : clock_.now_ms();
        next = next ? std::min(*next, due) : due;
    }
    return next;
}

} // namespace evo::app
