#include "protocol/bot/server_address.h"

#include <gtest/gtest.h>

namespace evo::bot {
namespace {

TEST(ServerAddressTest, ReadsHostPortAndBase) {
    auto plain = parse_server_url("http://127.0.0.1:8080/");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(plain->host, "127.0.0.1");
    EXPECT_EQ(plain->port, "8080");
    EXPECT_EQ(plain->base, "");
    EXPECT_EQ(plain->host_header(), "127.0.0.1:8080");

    auto named = parse_server_url("http://play.example/lichess/");
    ASSERT_TRUE(named) << named.error();
    EXPECT_EQ(named->port, "80");
    EXPECT_EQ(named->base, "/lichess");
    EXPECT_EQ(named->host_header(), "play.example");

    auto six = parse_server_url("http://[::1]:9000");
    ASSERT_TRUE(six) << six.error();
    EXPECT_EQ(six->host, "::1");
    EXPECT_EQ(six->host_header(), "[::1]:9000");
}

TEST(ServerAddressTest, RefusesWhatItCannotReach) {
    for (const char* bad : {"", "127.0.0.1:8080", "https://lichess.org", "http://", "http://:80",
                            "http://host:0", "http://host:65536", "http://host:80x", "http://host:",
                            "http://user:pw@host", "http://host/?token=x", "http://[::1"}) {
        auto address = parse_server_url(bad);
        EXPECT_FALSE(address) << bad;
        if (!address) {
            EXPECT_NE(address.error().find("bad server URL"), std::string::npos);
        }
    }
}

} // namespace
} // namespace evo::bot
