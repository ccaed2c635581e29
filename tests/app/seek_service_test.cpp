// The lobby's seeks (docs/api.md, "Seeks"): made, listed, cancelled by their maker only,
// accepted once into an online game with both seats taken, even by two server processes
// sharing one database; your own seek, too many seeks, rated games without accounts and
// rated games of variants from a file are refused.
#include "api_test_server.h"

#include "app/api_error.h"
#include "app/seek_service.h"
#include "app/sqlite_seek_repository.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

Player visitor(const std::string& key) {
    Player player;
    player.visitor_key = "visitor:" + key;
    return player;
}

Player account(std::int64_t id) {
    Player player;
    player.account_key = account_owner_key(id);
    return player;
}

ErrorKind refusal_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const ApiError& error) {
        return error.kind();
    }
    ADD_FAILURE() << "not refused";
    return ErrorKind::Internal;
}

class SeekServiceTest : public ::testing::Test {
  protected:
    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }

    TemporaryDirectory directory_;
    ManualClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    GameService games_{games_store_, {}, clock_};
    SeekService seeks_{seeks_store_, games_, clock_};
};

TEST_F(SeekServiceTest, AnAcceptedSeekIsAGameWithBothSeatsTaken) {
    json made = seeks_.create({{"variant", "evochess"},
                               {"clock", {{"initial_ms", 180000}, {"increment_ms", 2000}}},
                               {"colour", "w"}},
                              visitor("a"), "Anonymous AAAA");
    std::int64_t id = made.at("id");
    json listed = seeks_.list();
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].at("name"), "Anonymous AAAA");
    EXPECT_EQ(listed[0].at("clock").at("increment_ms"), 2000);

    EXPECT_EQ(refusal_of([&] { seeks_.accept(id, visitor("a")); }), ErrorKind::Forbidden);
    json game = seeks_.accept(id, visitor("b"));
    EXPECT_EQ(game.at("seat").at("colour"), "b"); // the maker asked for White
    EXPECT_EQ(game.at("seats"), (json{{"w", true}, {"b", true}}));
    EXPECT_EQ(game.at("variant"), "evochess");
    EXPECT_EQ(refusal_of([&] { seeks_.accept(id, visitor("c")); }), ErrorKind::Conflict);
    EXPECT_TRUE(seeks_.list().empty());

    // The maker finds the game and their seat; nobody else does.
    json mine = seeks_.get(id, visitor("a"));
    EXPECT_EQ(mine.at("game_id"), game.at("id"));
    json seated = games_.get(mine.at("game_id"), mine.at("token").get<std::string>());
    EXPECT_EQ(seated.at("seat").at("colour"), "w");
    EXPECT_FALSE(seeks_.get(id, visitor("c")).contains("token"));
}

TEST_F(SeekServiceTest, TwoProcessesAcceptingOneSeekMakeOneGame) {
    SqliteGameRepository other_games_store(database());
    SqliteSeekRepository other_seeks_store(database());
    GameService other_games(other_games_store, {}, clock_);
    SeekService other(other_seeks_store, other_games, clock_);
    std::int64_t id = seeks_.create(json::object(), visitor("a"), "A").at("id");
    EXPECT_EQ(other.list().size(), 1u); // made on one, seen on the other
    seeks_.accept(id, visitor("b"));
    EXPECT_EQ(refusal_of([&] { other.accept(id, visitor("c")); }), ErrorKind::Conflict);
    EXPECT_EQ(games_.list(10, 0).size(), 1u);
}

TEST_F(SeekServiceTest, OnlyItsMakerCancelsASeek) {
    std::int64_t id = seeks_.create(json::object(), visitor("a"), "A").at("id");
    EXPECT_EQ(refusal_of([&] { seeks_.cancel(id, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(seeks_.cancel(id, visitor("a")).at("cancelled"), id);
    EXPECT_EQ(refusal_of([&] { seeks_.accept(id, visitor("b")); }), ErrorKind::NotFound);
}

TEST_F(SeekServiceTest, RefusedSeeks) {
    EXPECT_EQ(refusal_of([&] { seeks_.create(json::object(), Player{}, ""); }),
              ErrorKind::Unauthorized);
    EXPECT_EQ(refusal_of([&] {
                  seeks_.create({{"rated", true}}, visitor("a"), "A");
              }),
              ErrorKind::Forbidden);
    EXPECT_EQ(seeks_.create({{"rated", true}}, account(1), "ada").size(), 1u);
    std::int64_t rated = seeks_.list()[0].at("id");
    EXPECT_EQ(refusal_of([&] { seeks_.accept(rated, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(refusal_of([&] {
                  seeks_.create({{"variant", "nonesuch"}}, visitor("a"), "A");
              }),
              ErrorKind::BadRequest);
    for (int i = 0; i < SeekService::default_open_seeks_per_player; ++i)
        seeks_.create(json::object(), visitor("a"), "A");
    EXPECT_EQ(refusal_of([&] { seeks_.create(json::object(), visitor("a"), "A"); }),
              ErrorKind::RateLimited);
}

} // namespace
} // namespace evo::app::testing
