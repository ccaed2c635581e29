#include "client_limits.h"

#include "app/common/address_key.h"

#include <algorithm>

namespace evo::app {

namespace {

// Past this many addresses, the buckets that have filled up again are forgotten: a full
// bucket is what a new one would be, so nothing is lost, and the map stays bounded.
constexpr std::size_t bucket_sweep_size = 50000;

} // namespace

ClientLimits::ClientLimits(std::size_t max_connections, std::size_t max_per_address,
                           double requests_per_second, double burst)
    : max_connections_(max_connections), max_per_address_(max_per_address),
      rate_(requests_per_second), burst_(std::max(burst, 1.0)) {}

bool ClientLimits::admit_connection(const std::string& address) {
    std::string key = address_limit_key(address);
    std::lock_guard lock(mutex_);
    std::size_t& count = per_address_[key];
    if (open_ >= max_connections_ || count >= max_per_address_) {
        if (count == 0) per_address_.erase(key);
        return false;
    }
    ++count;
    ++open_;
    return true;
}

void ClientLimits::release_connection(const std::string& address) {
    std::string key = address_limit_key(address);
    std::lock_guard lock(mutex_);
    auto it = per_address_.find(key);
    if (it == per_address_.end()) return;
    --open_;
    if (--it->second == 0) per_address_.erase(it);
}

bool ClientLimits::allow_request(const std::string& address, Clock::time_point now) {
    if (rate_ <= 0) return true;
    std::string key = address_limit_key(address);
    std::lock_guard lock(mutex_);
    if (buckets_.size() > bucket_sweep_size) {
        std::erase_if(buckets_, [&](const auto& entry) {
            double seconds = std::chrono::duration<double>(now - entry.second.refilled).count();
            return entry.second.tokens + seconds * rate_ >= burst_;
        });
    }
    auto [it, is_new] = buckets_.try_emplace(key, Bucket{burst_, now});
    Bucket& bucket = it->second;
    if (!is_new) {
        double seconds = std::chrono::duration<double>(now - bucket.refilled).count();
        bucket.tokens = std::min(burst_, bucket.tokens + std::max(0.0, seconds) * rate_);
        bucket.refilled = now;
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
}

} // namespace evo::app
