// Issue 47 (H1): the connections and the request rate of one address count an IPv6 address
// as its /64 (common/address_key.h), so rotating through one subscriber's block is one client.
#include "app/http/client_limits.h"

#include <gtest/gtest.h>

#include <limits>

namespace evo::app {
namespace {

TEST(ClientLimits, ConnectionsFromOneSlash64CountTogether) {
    ClientLimits limits(100, 2, 0, 1);
    EXPECT_TRUE(limits.admit_connection("2001:db8:1:2::1"));
    EXPECT_TRUE(limits.admit_connection("2001:db8:1:2::2"));
    EXPECT_FALSE(limits.admit_connection("2001:db8:1:2:abcd::3"));
    EXPECT_TRUE(limits.admit_connection("2001:db8:1:3::1")); // another /64
    limits.release_connection("2001:db8:1:2::1");
    EXPECT_TRUE(limits.admit_connection("2001:db8:1:2:abcd::3"));
}

TEST(ClientLimits, RequestsFromOneSlash64ShareABucket) {
    constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();
    ClientLimits limits(unbounded, unbounded, 1, 3);
    auto now = ClientLimits::Clock::now();
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(limits.allow_request("2001:db8:7:7::" + std::to_string(i + 1), now)) << i;
    EXPECT_FALSE(limits.allow_request("2001:db8:7:7::99", now));
    EXPECT_TRUE(limits.allow_request("2001:db8:7:8::1", now));
    EXPECT_TRUE(limits.allow_request("192.0.2.1", now));
}

} // namespace
} // namespace evo::app
