// When the flags of the running clocks fall: the instants of the games this process has seen
// and of those stored by every process (read again every few seconds), and a thread that wakes
// at the next one. What a fallen flag does to its game is the service's (GameService::
// settle_due_flags); this class only says which games are due and when to look.
#pragma once

#include "app/common/clock.h"
#include "app/record/game_repository.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace evo::app {

class FlagWatcher {
  public:
    FlagWatcher(GameRepository& store, const Clock& clock) : store_(store), clock_(clock) {}
    ~FlagWatcher() { stop(); }
    FlagWatcher(const FlagWatcher&) = delete;
    FlagWatcher& operator=(const FlagWatcher&) = delete;

    // The game's flag falls at `flag_ms`; none: it has no running clock (over, removed).
    void track(std::int64_t id, std::optional<std::int64_t> flag_ms);
    void forget(std::int64_t id);
    // Reads the flags stored by all processes (a clock started by a move made on another
    // one), at most every few seconds.
    void read_stored_flags(std::int64_t now);
    // The games whose flag has fallen by `now` (the stored flags read again first if due).
    std::vector<std::int64_t> due(std::int64_t now);
    // A thread woken at the next flag fall (at least once a second) that runs `settle_due`;
    // while a clock runs it runs `note_alive` too, about once a second.
    void start(std::function<void()> note_alive, std::function<void()> settle_due);
    // Ends the thread; nothing is watched after.
    void stop();

  private:
    // Stops watching the game's flag; mutex_ is held.
    void forget_locked(std::int64_t id);

    GameRepository& store_;
    const Clock& clock_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::multimap<std::int64_t, std::int64_t> flag_times_;   // instant -> game
    std::unordered_map<std::int64_t, std::int64_t> flag_of_; // game -> instant
    std::optional<std::int64_t> stored_flags_read_ms_;       // when read_stored_flags last read
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
