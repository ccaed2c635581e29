#include "login_throttle.h"

#include <algorithm>

namespace evo::app {

namespace {

// Past this many keys, keys with no failure left in the window are swept out, so a flood of
// addresses or names cannot grow the table without bound.
constexpr std::size_t sweep_above_keys = 10'000;

} // namespace

void LoginThrottle::forget_old(std::deque<std::int64_t>& times, std::int64_t now) {
    while (!times.empty() && times.front() <= now - limit_.window_ms) times.pop_front();
}

std::int64_t LoginThrottle::wait_ms(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) return 0;
    std::int64_t now = clock_.now_ms();
    forget_old(it->second, now);
    if (int(it->second.size()) < limit_.failures) return 0;
    if (it->second.empty()) return limit_.window_ms; // a limit of 0 tries
    // note() keeps only the newest `failures`: the oldest of them is the one to wait for.
    return std::max<std::int64_t>(1, it->second.front() + limit_.window_ms - now);
}

void LoginThrottle::note(const std::string& key) {
    std::lock_guard lock(mutex_);
    std::int64_t now = clock_.now_ms();
    if (failures_.size() > sweep_above_keys) {
        for (auto it = failures_.begin(); it != failures_.end();) {
            forget_old(it->second, now);
            it = it->second.empty() ? failures_.erase(it) : std::next(it);
        }
    }
    auto& times = failures_[key];
    forget_old(times, now);
    times.push_back(now);
    // Only the newest `failures` matter to allows().
    while (int(times.size()) > limit_.failures) times.pop_front();
}

void LoginThrottle::clear(const std::string& key) {
    std::lock_guard lock(mutex_);
    failures_.erase(key);
}

} // namespace evo::app
