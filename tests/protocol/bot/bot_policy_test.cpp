#include "protocol/bot/bot_policy.h"

#include <gtest/gtest.h>

namespace evo::bot {
namespace {

ChallengeEvent challenge(const std::string& key, std::optional<int> limit, int increment = 0) {
    ChallengeEvent event;
    event.id = "abc";
    event.variant_key = key;
    event.limit_s = limit;
    if (limit) event.increment_s = increment;
    return event;
}

// lichess's keys (core/variant_keys.h): chess from a position is "fromPosition", still chess.
TEST(BotPolicyTest, ChessFromAPositionIsChess) {
    BotPolicy policy;
    policy.variants = {"chess"};
    EXPECT_EQ(decline_reason(challenge("fromPosition", 180, 2), policy, 0), std::nullopt);
    EXPECT_EQ(decline_reason(challenge("evochess", 180, 2), policy, 0), "variant");
}

TEST(BotPolicyTest, DeclinesWithLichessReasons) {
    BotPolicy policy;
    policy.variants = {"chess", "evochess"};
    policy.max_games = 2;
    EXPECT_EQ(decline_reason(challenge("standard", 180, 2), policy, 0), std::nullopt);
    EXPECT_EQ(decline_reason(challenge("evochess", std::nullopt), policy, 1), std::nullopt);
    EXPECT_EQ(decline_reason(challenge("echess", 180), policy, 0), "variant");
    EXPECT_EQ(decline_reason(challenge("nonsense", 180), policy, 0), "variant");
    // 15 s estimated at least: 10+0 is too fast, 0+1 (40 s) is not.
    EXPECT_EQ(decline_reason(challenge("standard", 10), policy, 0), "tooFast");
    EXPECT_EQ(decline_reason(challenge("standard", 0, 1), policy, 0), std::nullopt);
    EXPECT_EQ(decline_reason(challenge("standard", 180), policy, 2), "later");
    policy.accept_untimed = false;
    EXPECT_EQ(decline_reason(challenge("standard", std::nullopt), policy, 0), "timeControl");
}

} // namespace
} // namespace evo::bot
