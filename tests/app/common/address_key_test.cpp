// Issue 47 (H1): every per-address limit counts an IPv6 address as its /64, the block one
// subscriber is usually given, so rotating through it gives no fresh limits.
#include "app/common/address_key.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(AddressLimitKey, AnIpv6AddressCountsAsItsSlash64) {
    EXPECT_EQ(address_limit_key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
    EXPECT_EQ(address_limit_key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
    EXPECT_EQ(address_limit_key("2001:DB8:1:2:0:0:0:7"), "2001:db8:1:2::/64");
    EXPECT_EQ(address_limit_key("[2001:db8:1:2::9]"), "2001:db8:1:2::/64");
    EXPECT_EQ(address_limit_key("fe80::1%eth0"), "fe80:0:0:0::/64");
    EXPECT_NE(address_limit_key("2001:db8:1:3::1"), address_limit_key("2001:db8:1:2::1"));
}

TEST(AddressLimitKey, AnIpv4AddressCountsAsItselfHoweverItIsWritten) {
    EXPECT_EQ(address_limit_key("192.0.2.7"), "192.0.2.7");
    EXPECT_EQ(address_limit_key("::ffff:192.0.2.7"), "192.0.2.7");
    EXPECT_NE(address_limit_key("192.0.2.8"), address_limit_key("192.0.2.7"));
}

TEST(AddressLimitKey, TextThatIsNoAddressIsItsOwnKey) {
    EXPECT_EQ(address_limit_key("unknown"), "unknown");
    EXPECT_EQ(address_limit_key(""), "");
    EXPECT_EQ(address_limit_key("2001:db8::/64"), "2001:db8::/64");
}

} // namespace
} // namespace evo::app
