#include "flag_watcher.h"

#include "app/common/fault_log.h"

#include <algorithm>
#include <chrono>

namespace evo::app {

namespace {

// While a clock runs, the server notes it is alive this often: after a crash, the running
// clocks are credited the downtime from the last note (so up to this much too generously).
constexpr std::int64_t alive_note_interval_ms = 1000;
// How often the flags stored by all processes are read again (read_stored_flags): a clock
// started on another process is called here at most this late if that process is gone.
constexpr std::int64_t stored_flags_interval_ms = 5000;

} // namespace

void FlagWatcher::forget_locked(std::int64_t id) {
    auto it = flag_of_.find(id);
    if (it == flag_of_.end()) return;
    auto [first, last] = flag_times_.equal_range(it->second);
    for (auto entry = first; entry != last; ++entry)
        if (entry->second == id) {
            flag_times_.erase(entry);
            break;
        }
    flag_of_.erase(it);
}

void FlagWatcher::forget(std::int64_t id) {
    std::lock_guard lock(mutex_);
    forget_locked(id);
}

void FlagWatcher::track(std::int64_t id, std::optional<std::int64_t> flag_ms) {
    {
        std::lock_guard lock(mutex_);
        forget_locked(id);
        if (flag_ms) {
            flag_times_.emplace(*flag_ms, id);
            flag_of_[id] = *flag_ms;
        }
    }
    changed_.notify_all();
}

void FlagWatcher::read_stored_flags(std::int64_t now) {
    {
        std::lock_guard lock(mutex_);
        if (stored_flags_read_ms_ && now - *stored_flags_read_ms_ < stored_flags_interval_ms)
            return;
        stored_flags_read_ms_ = now;
    }
    auto stored = store_.running_clocks();
    std::lock_guard lock(mutex_);
    for (const auto& [id, flag_ms] : stored) {
        // The earlier of the two: a flag that has not fallen after all is only looked at
        // once (settle_flag reads the game again and watches its true flag).
        auto known = flag_of_.find(id);
        if (known != flag_of_.end() && known->second <= flag_ms) continue;
        forget_locked(id);
        flag_times_.emplace(flag_ms, id);
        flag_of_[id] = flag_ms;
    }
}

std::vector<std::int64_t> FlagWatcher::due(std::int64_t now) {
    read_stored_flags(now);
    std::vector<std::int64_t> due;
    std::lock_guard lock(mutex_);
    for (auto it = flag_times_.begin(); it != flag_times_.end() && it->first <= now; ++it)
        due.push_back(it->second);
    return due;
}

void FlagWatcher::start(std::function<void()> note_alive, std::function<void()> settle_due) {
    thread_ =
        std::thread([this, note_alive = std::move(note_alive), settle_due = std::move(settle_due)] {
            std::int64_t noted_ms = 0;
            for (;;) {
                bool clocks_run = false;
                {
                    std::unique_lock lock(mutex_);
                    if (stopping_) return;
                    auto wait = std::chrono::milliseconds(1000);
                    if (!flag_times_.empty()) {
                        std::int64_t until = flag_times_.begin()->first - clock_.now_ms();
                        wait = std::chrono::milliseconds(std::clamp<std::int64_t>(until, 0, 1000));
                    }
                    if (wait.count() > 0) changed_.wait_for(lock, wait);
                    if (stopping_) return;
                    clocks_run = !flag_times_.empty();
                }
                try {
                    // Only a running clock is charged for downtime: with none, nothing to note.
                    if (clocks_run && clock_.now_ms() - noted_ms >= alive_note_interval_ms) {
                        note_alive();
                        noted_ms = clock_.now_ms();
                    }
                    settle_due();
                } catch (const std::exception& error) {
                    // Storage trouble, say: told once, tried again in a second.
                    log_fault("flag watcher", error.what());
                    std::unique_lock lock(mutex_);
                    changed_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
                }
            }
        });
}

void FlagWatcher::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

} // namespace evo::app
