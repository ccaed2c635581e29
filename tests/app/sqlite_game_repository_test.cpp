// The game repository on SQLite, what only it has: a file that cannot be opened. What every
// repository does is tested on SQLite and PostgreSQL alike in tests/storage.
#include "app/sqlite_game_repository.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(SqliteGameRepositoryTest, UnwritableLocationIsAClearError) {
    try {
        SqliteGameRepository("/nonexistent-directory/x/games.sqlite3");
        ADD_FAILURE() << "opened a database in a directory that does not exist";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Unavailable);
        EXPECT_NE(std::string(error.what()).find("/nonexistent-directory/x"), std::string::npos)
            << error.what();
    }
}

} // namespace
} // namespace evo::app
