// How many games may be created (issue 17: 740 a second came from rotating addresses): a
// token bucket for all clients together and one per client address, each holding a
// minute's worth and refilling steadily. Thread-safe.
#pragma once

#include "client_limits.h"

#include <chrono>
#include <mutex>
#include <string>

namespace evo::app {

struct CreationLimits {
    double per_minute = 0;             // all clients together; 0: no limit
    double per_minute_per_address = 0; // each client address; 0: no limit
};

class CreationQuota {
  public:
    using Clock = std::chrono::steady_clock;

    explicit CreationQuota(CreationLimits limits);
    // Takes one creation for `address`; false (nothing created) when its bucket or the
    // one of all clients is empty.
    bool allow(const std::string& address, Clock::time_point now = Clock::now());

  private:
    CreationLimits limits_;
    ClientLimits per_address_; // only its request buckets are used
    std::mutex mutex_;
    double tokens_;
    Clock::time_point refilled_;
};

} // namespace evo::app
