#include "failure_delay.h"

#include <algorithm>

namespace evo::app {

namespace {

// Past this many keys, forgotten ones are swept out, so a flood of names cannot grow the
// table without bound.
constexpr std::size_t sweep_above_keys = 10'000;

} // namespace

std::int64_t FailureDelay::delay_after(int count) const {
    int past_free = count - rule_.free_failures + 1;
    if (past_free <= 0) return 0;
    std::int64_t delay = rule_.first_delay_ms;
    for (int i = 1; i < past_free && delay < rule_.max_delay_ms; ++i) delay *= 2;
    return std::min(delay, rule_.max_delay_ms);
}

std::int64_t FailureDelay::wait_ms(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) return 0;
    std::int64_t now = clock_.now_ms();
    if (now - it->second.last_ms >= rule_.forget_after_ms) return 0;
    return std::max<std::int64_t>(0, it->second.last_ms + delay_after(it->second.count) - now);
}

void FailureDelay::note(const std::string& key) {
    std::lock_guard lock(mutex_);
    std::int64_t now = clock_.now_ms();
    if (failures_.size() > sweep_above_keys)
        std::erase_if(failures_, [&](const auto& entry) {
            return now - entry.second.last_ms >= rule_.forget_after_ms;
        });
    Failures& failures = failures_[key];
    if (failures.count > 0 && now - failures.last_ms >= rule_.forget_after_ms) failures = {};
    failures.count = std::min(failures.count + 1, 1'000'000);
    failures.last_ms = now;
}

void FailureDelay::clear(const std::string& key) {
    std::lock_guard lock(mutex_);
    failures_.erase(key);
}

} // namespace evo::app
