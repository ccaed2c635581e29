// What one client address may take of the server: open connections (all and per address)
// and requests per second (a token bucket per address). An address counts under its limit
// key (common/address_key.h: an IPv6 address as its /64). Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace evo::app {

class ClientLimits {
  public:
    using Clock = std::chrono::steady_clock;

    ClientLimits(std::size_t max_connections, std::size_t max_per_address,
                 double requests_per_second, double burst);

    // Counts a new connection from `address`; false (and nothing counted) when over a limit.
    bool admit_connection(const std::string& address);
    void release_connection(const std::string& address);
    // Takes one request's token from the address's bucket; false when it is empty.
    bool allow_request(const std::string& address, Clock::time_point now = Clock::now());

  private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point refilled;
    };

    std::size_t max_connections_;
    std::size_t max_per_address_;
    double rate_;
    double burst_;
    std::mutex mutex_;
    std::size_t open_ = 0;
    std::unordered_map<std::string, std::size_t> per_address_;
    std::unordered_map<std::string, Bucket> buckets_;
};

} // namespace evo::app
