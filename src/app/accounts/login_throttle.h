// Counts failures per key (a name, an address) over a sliding window, read from the injected
// clock, so that password guessing is refused (429) before a password is even checked.
// In memory, per process: several processes behind one proxy each allow the limit.
#pragma once

#include "app/common/clock.h"

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace evo::app {

struct ThrottleLimit {
    int failures; // at most this many in a window; the next try is refused
    std::int64_t window_ms;
};

class LoginThrottle {
  public:
    LoginThrottle(const Clock& clock, ThrottleLimit limit) : clock_(clock), limit_(limit) {}

    // Whether a try under this key may go ahead now.
    bool allows(const std::string& key) { return wait_ms(key) == 0; }
    // How long until a try under this key may go ahead: 0 now, else until the oldest of the
    // counted tries leaves the window (what Retry-After tells).
    std::int64_t wait_ms(const std::string& key);
    // Counts a failed (or, for a quota, any) try under the key.
    void note(const std::string& key);
    // Forgets the key's failures (a successful login under a name).
    void clear(const std::string& key);

  private:
    void forget_old(std::deque<std::int64_t>& times, std::int64_t now);

    const Clock& clock_;
    ThrottleLimit limit_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::deque<std::int64_t>> failures_;
};

} // namespace evo::app
