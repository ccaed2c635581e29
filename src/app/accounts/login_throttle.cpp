#include "login_throttle.h"

namespace evo::app {

namespace {

// Past this many keys, keys with no failure left in the window are swept out, so a flood of
// addresses or names cannot grow the table without bound.
constexpr std::size_t sweep_above_keys = 10'000;

} // namespace

void LoginThrottle::forget_old(std::deque<std::int64_t>& times, std::int64_t now) {
    while (!times.empty() && times.front() <= now - limit_.window_ms) times.pop_front();
}

bool LoginThrottle::allows(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) return true;
    forget_old(it->second, clock_.now_ms());
    return int(it->second.size()) < limit_.failures;
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
