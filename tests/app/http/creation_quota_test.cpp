// Issue 17: games could be created without bound (740 a second from rotating addresses).
// Now a quota for all clients together and one per address, each a minute's worth that
// refills steadily; over it, POST /api/games is a 429 with Retry-After and creates nothing.
#include "api_test_server.h"

#include "app/http/creation_quota.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

TEST(CreationQuotaTest, OneAddressGetsItsMinutesWorthThenOneAtATime) {
    CreationQuota quota({0, 3});
    auto start = CreationQuota::Clock::now();
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(quota.allow("10.0.0.1", start)) << i;
    EXPECT_FALSE(quota.allow("10.0.0.1", start));
    EXPECT_TRUE(quota.allow("10.0.0.2", start)); // another address has its own
    EXPECT_FALSE(quota.allow("10.0.0.1", start + 19s));
    EXPECT_TRUE(quota.allow("10.0.0.1", start + 20s)); // 3 a minute: one each 20 s
    EXPECT_FALSE(quota.allow("10.0.0.1", start + 21s));
}

TEST(CreationQuotaTest, AddressesOfOneIpv6Slash64ShareTheirQuota) {
    CreationQuota quota({0, 2});
    auto start = CreationQuota::Clock::now();
    EXPECT_TRUE(quota.allow("2001:db8:a:b::1", start));
    EXPECT_TRUE(quota.allow("2001:db8:a:b::2", start));
    EXPECT_FALSE(quota.allow("2001:db8:a:b:1:2:3:4", start));
    EXPECT_TRUE(quota.allow("2001:db8:a:c::1", start));
}

TEST(CreationQuotaTest, RotatingAddressesMeetTheQuotaOfAll) {
    CreationQuota quota({6, 0});
    auto start = CreationQuota::Clock::now();
    int created = 0;
    for (int i = 0; i < 100; ++i)
        created +=
            quota.allow("10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250), start);
    EXPECT_EQ(created, 6);
    EXPECT_TRUE(quota.allow("10.1.0.1", start + 10s)); // 6 a minute: one each 10 s
    EXPECT_FALSE(quota.allow("10.1.0.2", start + 11s));
}

TEST(CreationQuotaTest, OverTheQuotaCreatingAGameIs429AndCreatesNothing) {
    TemporaryDirectory directory;
    RouterOptions router;
    router.game_creation = {0, 2};
    ApiTestServer server(directory.path(), {}, nullptr, {}, ApiTestServer::unlimited_rate(),
                         router);
    auto client = server.client();
    EXPECT_EQ(post_json(*client, "/api/games", {{"variant", "chess"}}).status, 201);
    EXPECT_EQ(post_json(*client, "/api/games", {{"online", true}}).status, 201);
    auto refused =
        client->Post("/api/games", json{{"variant", "chess"}}.dump(), "application/json");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 429);
    EXPECT_EQ(refused->get_header_value("Retry-After"), "1");
    EXPECT_EQ(get_json(*client, "/api/games").body.size(), 2u);
    // Only creating is limited: the games themselves go on.
    EXPECT_EQ(get_json(*client, "/api/games/1").status, 200);
}

} // namespace
} // namespace evo::app::testing
