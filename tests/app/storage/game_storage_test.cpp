// `evochess serve --database`: which storage a string names, and that a wrong one is refused
// with a sentence that repeats no password.
#include "app/server/storage.h"
#include "postgres_test_server.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace evo::app::testing {
namespace {

TEST(GameStorageTest, TheDataDirectoryIsTheDefault) {
    auto choice = choose_database("", "/var/lib/evochess");
    ASSERT_TRUE(std::holds_alternative<SqliteChoice>(choice));
    EXPECT_EQ(std::get<SqliteChoice>(choice).path, "/var/lib/evochess/games.sqlite3");
}

TEST(GameStorageTest, SqliteNamesAFile) {
    auto choice = choose_database("sqlite:/srv/games.db", "/ignored");
    ASSERT_TRUE(std::holds_alternative<SqliteChoice>(choice));
    EXPECT_EQ(std::get<SqliteChoice>(choice).path, "/srv/games.db");
    EXPECT_TRUE(std::holds_alternative<InvalidChoice>(choose_database("sqlite:", "/d")));
}

TEST(GameStorageTest, PostgresIsAUriOrAKeyValueString) {
    for (const char* conninfo : {"postgresql://evo@db.example.org/evochess",
                                 "postgres://evo:pw@db/evochess?sslmode=require",
                                 "host=/run/postgresql dbname=evochess"}) {
        auto choice = choose_database(conninfo, "/d");
        ASSERT_TRUE(std::holds_alternative<PostgresChoice>(choice)) << conninfo;
        EXPECT_EQ(std::get<PostgresChoice>(choice).conninfo, conninfo);
    }
}

TEST(GameStorageTest, AWrongStringIsRefusedWithExitStatusTwoAndNoPassword) {
    for (const char* wrong : {"postgresql://evo:hunter2@db/evochess?nonsense=1",
                              "host=db password=hunter2 nonsense", "mysql://evo:hunter2@db"}) {
        auto choice = choose_database(wrong, "/d");
        ASSERT_TRUE(std::holds_alternative<InvalidChoice>(choice)) << wrong;
        std::ostringstream errors;
        auto opened = open_game_storage(choice, errors);
        ASSERT_TRUE(std::holds_alternative<int>(opened));
        EXPECT_EQ(std::get<int>(opened), 2);
        std::string line = errors.str();
        EXPECT_EQ(line.find("hunter2"), std::string::npos) << line;
        EXPECT_EQ(line.find('\n'), line.size() - 1) << line; // one line
    }
}

// `serve` opens the players' accounts on the same database as the games, either kind.
TEST(GameStorageTest, TheAccountsAreOpenedBesideTheGames) {
    auto sqlite_directory = std::filesystem::temp_directory_path() /
                            ("evochess-storage-accounts-" + std::to_string(::getpid()));
    std::filesystem::create_directories(sqlite_directory);
    PostgresTestServer::instance().empty_database();
    for (DatabaseChoice choice :
         {DatabaseChoice(SqliteChoice{(sqlite_directory / "games.sqlite3").string()}),
          DatabaseChoice(PostgresChoice{PostgresTestServer::instance().conninfo()})}) {
        std::ostringstream errors;
        auto opened = open_game_storage(choice, errors);
        ASSERT_TRUE(std::holds_alternative<OpenedStorage>(opened)) << errors.str();
        OpenedStorage& storage = std::get<OpenedStorage>(opened);
        ASSERT_TRUE(storage.accounts);
        AccountRecord account{0, "opened", "hash", 1};
        EXPECT_TRUE(storage.accounts->create(account));
        EXPECT_EQ(storage.accounts->find_by_name("OPENED")->id, account.id);
    }
    std::filesystem::remove_all(sqlite_directory);
}

} // namespace
} // namespace evo::app::testing
