// Where the app reads the time: wall-clock milliseconds since the epoch (clocks of games
// must survive a restart, so they are kept as instants, not as durations of a process).
// Tests inject a clock they move by hand; nothing in the app sleeps to measure time.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace evo::app {

class Clock {
  public:
    virtual ~Clock() = default;
    virtual std::int64_t now_ms() const = 0;
};

class SystemClock : public Clock {
  public:
    std::int64_t now_ms() const override {
        using namespace std::chrono;
        return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    }
};

// A clock that moves only when told to.
class ManualClock : public Clock {
  public:
    explicit ManualClock(std::int64_t start_ms = 1'800'000'000'000) : now_(start_ms) {}
    std::int64_t now_ms() const override { return now_; }
    void advance(std::int64_t ms) { now_ += ms; }

  private:
    std::atomic<std::int64_t> now_;
};

} // namespace evo::app
