#include "protocol/bot/lichess_client.h"

#include <gtest/gtest.h>

namespace evo::bot {
namespace {

TEST(LichessClientTest, FormValuesArePercentEncoded) {
    EXPECT_EQ(form_encoded("tooFast"), "tooFast");
    EXPECT_EQ(form_encoded("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
}

TEST(LichessClientTest, AServerThatIsNotThereIsAConnectionError) {
    // Port 9 (discard) on the loopback: nothing listens there on a test machine.
    auto address = parse_server_url("http://127.0.0.1:9");
    ASSERT_TRUE(address);
    LichessClient client(*address, "evo_token");
    EXPECT_THROW(client.get("/api/account"), ConnectionError);
    StreamCancel cancel;
    EXPECT_THROW(client.stream(
                     "/api/stream/event", {}, [](std::string_view) {}, cancel),
                 ConnectionError);
}

TEST(LichessClientTest, ACancelledStreamDoesNotConnect) {
    auto address = parse_server_url("http://127.0.0.1:9");
    ASSERT_TRUE(address);
    LichessClient client(*address, "evo_token");
    StreamCancel cancel;
    cancel.cancel();
    EXPECT_TRUE(cancel.cancelled());
    HttpAnswer answer = client.stream(
        "/api/stream/event", {}, [](std::string_view) {}, cancel);
    EXPECT_EQ(answer.status, 0);
}

} // namespace
} // namespace evo::bot
