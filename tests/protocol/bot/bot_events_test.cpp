#include "protocol/bot/bot_events.h"

#include <gtest/gtest.h>

namespace evo::bot {
namespace {

TEST(BotEventsTest, ReadsAChallengeAsLichessWritesIt) {
    auto event = read_account_event(
        R"({"type":"challenge","challenge":{"id":"7pCb8Rdz","status":"created",)"
        R"("challenger":{"id":"alice","name":"Alice","rating":1500},)"
        R"("destUser":{"id":"evobot","name":"evobot","title":"BOT"},)"
        R"("variant":{"key":"evochess","name":"EvoChess"},"rated":true,"speed":"blitz",)"
        R"("timeControl":{"type":"clock","limit":180,"increment":2,"show":"3+2"},)"
        R"("color":"random","finalColor":"white"}})");
    ASSERT_TRUE(event);
    const auto* challenge = std::get_if<ChallengeEvent>(&*event);
    ASSERT_NE(challenge, nullptr);
    EXPECT_EQ(challenge->id, "7pCb8Rdz");
    EXPECT_EQ(challenge->challenger, "Alice");
    EXPECT_EQ(challenge->challenger_id, "alice");
    EXPECT_EQ(challenge->variant_key, "evochess");
    EXPECT_TRUE(challenge->rated);
    EXPECT_EQ(challenge->limit_s, 180);
    EXPECT_EQ(challenge->increment_s, 2);
    EXPECT_EQ(challenge->days_per_turn, std::nullopt);
    EXPECT_EQ(challenge->initial_fen, "");
}

TEST(BotEventsTest, ReadsCorrespondenceAndUnlimitedChallenges) {
    auto days = read_account_event(
        R"({"type":"challenge","challenge":{"id":"a","variant":{"key":"standard"},)"
        R"("timeControl":{"type":"correspondence","daysPerTurn":3}}})");
    ASSERT_TRUE(days);
    EXPECT_EQ(std::get<ChallengeEvent>(*days).days_per_turn, 3);
    EXPECT_EQ(std::get<ChallengeEvent>(*days).limit_s, std::nullopt);
    auto unlimited = read_account_event(
        R"({"type":"challenge","challenge":{"id":"b","timeControl":{"type":"unlimited"}}})");
    ASSERT_TRUE(unlimited);
    EXPECT_EQ(std::get<ChallengeEvent>(*unlimited).limit_s, std::nullopt);
}

TEST(BotEventsTest, ReadsGameStartFinishAndChallengesGone) {
    auto start = read_account_event(R"({"type":"gameStart","game":{"gameId":"g1","id":"g1"}})");
    ASSERT_TRUE(start);
    EXPECT_EQ(std::get<GameStartEvent>(*start).game_id, "g1");
    auto finish = read_account_event(R"({"type":"gameFinish","game":{"id":"g2"}})");
    ASSERT_TRUE(finish);
    EXPECT_EQ(std::get<GameFinishEvent>(*finish).game_id, "g2");
    auto declined = read_account_event(R"({"type":"challengeDeclined","challenge":{"id":"c3"}})");
    ASSERT_TRUE(declined);
    EXPECT_EQ(std::get<ChallengeGoneEvent>(*declined).id, "c3");
}

TEST(BotEventsTest, AnythingElseIsNothing) {
    for (const char* line :
         {"", "{", "[]", "null", R"({"type":"unknown"})", R"({"type":"challenge"})",
          R"({"type":"gameStart","game":7})", R"({"type":"challenge","challenge":{"id":["x"]}})"}) {
        EXPECT_FALSE(read_account_event(line)) << line;
    }
    EXPECT_FALSE(read_game_event("not json"));
    EXPECT_FALSE(read_game_event(R"({"type":"opponentGone","gone":true})"));
}

TEST(BotEventsTest, ReadsGameFullAndGameState) {
    auto full = read_game_event(
        R"({"type":"gameFull","id":"g1","variant":{"key":"standard"},"clock":{"initial":180000,)"
        R"("increment":2000},"speed":"blitz","white":{"id":"evobot","name":"evobot"},)"
        R"("black":{"id":"alice","name":"Alice"},"initialFen":"startpos",)"
        R"("state":{"type":"gameState","moves":"e2e4 e7e5","wtime":170000,"btime":175000,)"
        R"("winc":2000,"binc":2000,"status":"started","bdraw":true}})");
    ASSERT_TRUE(full);
    const auto& game = std::get<GameFull>(*full);
    EXPECT_EQ(game.id, "g1");
    EXPECT_EQ(game.variant_key, "standard");
    EXPECT_EQ(game.initial_fen, "startpos");
    EXPECT_EQ(game.white_id, "evobot");
    EXPECT_EQ(game.black_id, "alice");
    EXPECT_TRUE(game.clocked);
    EXPECT_EQ(game.state.moves, "e2e4 e7e5");
    EXPECT_EQ(game.state.wtime, 170000);
    EXPECT_EQ(game.state.binc, 2000);
    EXPECT_TRUE(game.state.ongoing());
    EXPECT_TRUE(game.state.black_offers_draw);
    EXPECT_FALSE(game.state.white_offers_draw);

    auto state = read_game_event(
        R"({"type":"gameState","moves":"e2e4","wtime":1,"btime":2,"status":"mate","winner":"white"})");
    ASSERT_TRUE(state);
    EXPECT_FALSE(std::get<GameState>(*state).ongoing());

    auto chat =
        read_game_event(R"({"type":"chatLine","username":"Alice","text":"gl hf","room":"player"})");
    ASSERT_TRUE(chat);
    EXPECT_EQ(std::get<ChatLineEvent>(*chat).text, "gl hf");
}

} // namespace
} // namespace evo::bot
