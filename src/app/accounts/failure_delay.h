// Growing delays after failed logins under one key (a name), read from the injected clock
// (issue 47, M4): the first few failures cost nothing, each one past them doubles the wait
// before the next try, up to a cap, and a quiet spell forgets them. A guesser is slowed to a
// try per cap; the owner is never shut out for longer than one cap (and not at all from a
// device or address the account knows, see AccountService::check_log_in).
// In memory, per process, as LoginThrottle.
#pragma once

#include "app/common/clock.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace evo::app {

struct DelayRule {
    int free_failures;            // fewer than this many cost no wait
    std::int64_t first_delay_ms;  // the wait after free_failures failures
    std::int64_t max_delay_ms;    // the longest wait
    std::int64_t forget_after_ms; // failures this long after the last one are forgotten
};

class FailureDelay {
  public:
    FailureDelay(const Clock& clock, DelayRule rule) : clock_(clock), rule_(rule) {}

    // How long until a try under this key may go ahead (0: now).
    std::int64_t wait_ms(const std::string& key);
    // Counts a failure (or a try not yet known to succeed) under the key, now.
    void note(const std::string& key);
    // Forgets the key's failures (a successful login).
    void clear(const std::string& key);

  private:
    struct Failures {
        int count = 0;
        std::int64_t last_ms = 0;
    };
    std::int64_t delay_after(int count) const;

    const Clock& clock_;
    DelayRule rule_;
    std::mutex mutex_;
    std::unordered_map<std::string, Failures> failures_;
};

} // namespace evo::app
