// The cache of games when another process changes a game (GameCache::load_or_forget): a copy
// the stored moves extend plays only the new ones; a takeback, a declared result or a game
// deleted elsewhere are seen as they are stored.
#include "../http/api_test_server.h"
#include "app/common/api_error.h"
#include "app/game/cache.h"
#include "app/http/game_commands_json.h"
#include "app/http/stream_text.h"
#include "app/record/core_games.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

std::vector<std::string> ucis(const GameView& view) {
    std::vector<std::string> moves;
    for (const NotatedMove& move : view.position.history) moves.push_back(move.uci);
    return moves;
}

class GameCacheTest : public ::testing::Test {
  protected:
    GameCacheTest()
        : database_((directory_.path() / "games.sqlite3").string()), here_store_(database_),
          elsewhere_store_(database_), here_(here_store_, {}, clock_, stream_text()),
          elsewhere_(elsewhere_store_, {}, clock_, stream_text()) {}

    void play(GameService& service, const std::string& uci) {
        service.play(id_, play_command({{"uci", uci}}), anyone_);
    }

    TemporaryDirectory directory_;
    std::string database_;
    ManualClock clock_;
    SqliteGameRepository here_store_, elsewhere_store_;
    GameService here_, elsewhere_;
    Actor anyone_ = Actor::requester(std::nullopt);
    std::int64_t id_ = here_.create(create_game_command({{"variant", "evochess"}})).id;
};

TEST_F(GameCacheTest, MovesMadeElsewhereAreAddedToTheCopyHere) {
    play(here_, "e2e4");
    EXPECT_EQ(here_.get(id_, anyone_).ply, 1u); // cached here at ply 1
    play(elsewhere_, "e7e5");
    play(elsewhere_, "d2d4");
    GameView view = here_.get(id_, anyone_);
    EXPECT_EQ(ucis(view), (std::vector<std::string>{"e2e4", "e7e5", "d2d4"}));
    EXPECT_EQ(view.version, elsewhere_.get(id_, anyone_).version);
    // The copy caught up is the game: its SAN, FEN and legal moves are those of a fresh read.
    GameView fresh = elsewhere_.get(id_, anyone_);
    EXPECT_EQ(view.position.fen, fresh.position.fen);
    EXPECT_EQ(view.position.history.back().san, fresh.position.history.back().san);
    EXPECT_EQ(view.position.legal.size(), fresh.position.legal.size());
    EXPECT_EQ(view.position.counters, fresh.position.counters);
    // And it plays on from there.
    play(here_, "e5d4");
    EXPECT_EQ(elsewhere_.get(id_, anyone_).ply, 4u);
}

TEST_F(GameCacheTest, ATakebackElsewhereIsSeenHere) {
    play(here_, "e2e4");
    play(here_, "e7e5");
    EXPECT_EQ(here_.get(id_, anyone_).ply, 2u);
    elsewhere_.undo(id_, undo_command({{"plies", 1}}), anyone_);
    play(elsewhere_, "c7c5");
    EXPECT_EQ(ucis(here_.get(id_, anyone_)), (std::vector<std::string>{"e2e4", "c7c5"}));
}

TEST_F(GameCacheTest, AResultDeclaredElsewhereIsSeenHere) {
    play(here_, "e2e4");
    EXPECT_FALSE(here_.get(id_, anyone_).position.result.over());
    elsewhere_.resign(id_, resign_command({{"side", "w"}}), anyone_);
    GameView view = here_.get(id_, anyone_);
    EXPECT_TRUE(view.position.result.over());
    EXPECT_EQ(view.position.result.pgn_result(), "0-1");
    EXPECT_TRUE(view.position.legal.empty());
}

TEST_F(GameCacheTest, AGameDeletedElsewhereIsGoneHere) {
    play(here_, "e2e4");
    here_.get(id_, anyone_);
    ASSERT_TRUE(elsewhere_store_.remove(id_));
    EXPECT_THROW(here_.get(id_, anyone_), ApiError);
}

LoadedGame loaded_after(std::vector<std::string> moves) {
    GameRecord record;
    record.variant = "evochess";
    record.start_fen = std::string(find_variant("evochess")->start_fen);
    record.moves_uci = std::move(moves);
    Result<Game> game = replay_game(record.variant, record.start_fen, record.moves_uci);
    EXPECT_TRUE(game) << game.error();
    return LoadedGame(std::move(record), std::move(*game));
}

TEST(GameCatchUpTest, OnlyTheMovesAfterTheCopysArePlayed) {
    LoadedGame loaded = loaded_after({"e2e4"});
    const Game* before = &loaded.game;
    GameRecord stored = loaded_after({"e2e4", "e7e5", "d2d4"}).record;
    stored.version = 3;
    ASSERT_TRUE(catch_up(loaded, stored));
    EXPECT_EQ(&loaded.game, before);
    EXPECT_EQ(loaded.game.moves().size(), 3u);
    EXPECT_EQ(loaded.record.version, 3);
    EXPECT_EQ(loaded.game.position().key(),
              loaded_after({"e2e4", "e7e5", "d2d4"}).game.position().key());
}

TEST(GameCatchUpTest, MovesThatDoNotExtendTheCopysAreRefused) {
    LoadedGame loaded = loaded_after({"e2e4", "e7e5"});
    GameRecord taken_back = loaded_after({"e2e4"}).record;
    EXPECT_FALSE(catch_up(loaded, taken_back));
    LoadedGame other = loaded_after({"e2e4"});
    GameRecord rewritten = loaded_after({"d2d4", "e7e5"}).record;
    EXPECT_FALSE(catch_up(other, rewritten));
    LoadedGame third = loaded_after({"e2e4"});
    GameRecord broken = third.record;
    broken.moves_uci.push_back("e2e4"); // not legal there
    EXPECT_FALSE(catch_up(third, broken));
}

} // namespace
} // namespace evo::app::testing
