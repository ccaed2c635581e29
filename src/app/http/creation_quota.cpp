#include "creation_quota.h"

#include <algorithm>
#include <limits>

namespace evo::app {

namespace {

constexpr std::size_t no_connection_limit = std::numeric_limits<std::size_t>::max();

} // namespace

CreationQuota::CreationQuota(CreationLimits limits)
    : limits_(limits),
      per_address_(no_connection_limit, no_connection_limit, limits.per_minute_per_address / 60,
                   limits.per_minute_per_address),
      tokens_(limits.per_minute), refilled_(Clock::now()) {}

bool CreationQuota::allow(const std::string& address, Clock::time_point now) {
    if (!per_address_.allow_request(address, now)) return false;
    if (limits_.per_minute <= 0) return true;
    std::lock_guard lock(mutex_);
    double seconds = std::max(0.0, std::chrono::duration<double>(now - refilled_).count());
    tokens_ = std::min(limits_.per_minute, tokens_ + seconds * limits_.per_minute / 60);
    refilled_ = std::max(refilled_, now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

} // namespace evo::app
