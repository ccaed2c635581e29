#include "protocol/bot/bot_game.h"

#include <gtest/gtest.h>

namespace evo::bot {
namespace {

GameFull full_game(const std::string& key, const std::string& fen = "startpos") {
    GameFull full;
    full.id = "g1";
    full.variant_key = key;
    full.initial_fen = fen;
    full.white_id = "evobot";
    full.black_id = "alice";
    return full;
}

GameState after(const std::string& moves) {
    GameState state;
    state.moves = moves;
    state.status = "started";
    return state;
}

TEST(BotGameTest, BuildsThePositionFromTheVariantFenAndMoves) {
    auto game = game_of(full_game("standard"), after("e2e4 e7e5 g1f3"));
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ(game->variant().name, "chess");
    EXPECT_EQ(game->moves().size(), 3u);
    EXPECT_EQ(game->position().side_to_move(), Black);

    auto from_fen = game_of(full_game("standard", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"), after("e1g1"));
    ASSERT_TRUE(from_fen) << from_fen.error();
    EXPECT_EQ(from_fen->moves().size(), 1u);

    auto evo = game_of(full_game("evochess"), after(""));
    ASSERT_TRUE(evo) << evo.error();
    EXPECT_EQ(evo->variant().name, "evochess");
}

TEST(BotGameTest, NamesWhatItCannotBuild) {
    auto variant = game_of(full_game("atomic"), after(""));
    ASSERT_FALSE(variant);
    EXPECT_EQ(variant.error_kind(), ErrorKind::UnknownVariant);
    EXPECT_FALSE(game_of(full_game("standard", "not a fen"), after("")));
    auto illegal = game_of(full_game("standard"), after("e2e4 e2e4"));
    ASSERT_FALSE(illegal);
    EXPECT_NE(illegal.error().find("move 2"), std::string::npos) << illegal.error();
}

TEST(BotGameTest, KnowsItsSeat) {
    GameFull full = full_game("standard");
    EXPECT_EQ(seat_of(full, "evobot"), White);
    EXPECT_EQ(seat_of(full, "alice"), Black);
    EXPECT_EQ(seat_of(full, "bob"), std::nullopt);
    EXPECT_EQ(seat_of(full, ""), std::nullopt);
}

TEST(BotGameTest, ThinksOnTheClockOrAFixedTime) {
    GameFull full = full_game("standard");
    full.clocked = true;
    GameState state = after("e2e4");
    state.wtime = 60000;
    state.btime = 0;
    state.winc = state.binc = 1000;
    engine::Limits clocked = think_limits(full, state, 4, 3000);
    EXPECT_EQ(clocked.level, 4);
    EXPECT_EQ(clocked.time_ms[White], 60000);
    EXPECT_EQ(clocked.time_ms[Black], 1); // a flag's zero still gives the engine a clock
    EXPECT_EQ(clocked.increment_ms[Black], 1000);
    EXPECT_EQ(clocked.movetime_ms, std::nullopt);

    full.clocked = false;
    engine::Limits untimed = think_limits(full, state, 8, 3000);
    EXPECT_EQ(untimed.movetime_ms, 3000);
    EXPECT_EQ(untimed.time_ms[White], std::nullopt);
}

} // namespace
} // namespace evo::bot
