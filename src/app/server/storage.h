// Where `evochess serve` keeps its games: `--database sqlite:PATH`, `--database` with a
// PostgreSQL connection string (postgresql://USER@HOST/DB or libpq's key=value form), or by
// default SQLite in the data directory (DIR/games.sqlite3).
#pragma once

#include "app/accounts/repository.h"
#include "app/chat/repository.h"
#include "app/events/bus.h"
#include "app/lobby/challenge_repository.h"
#include "app/lobby/seek_repository.h"
#include "app/record/game_repository.h"
#include "app/tournaments/arena_repository.h"

#include <memory>
#include <ostream>
#include <string>
#include <variant>

namespace evo::app {

struct SqliteChoice {
    std::string path;
};
struct PostgresChoice {
    std::string conninfo;
};
struct InvalidChoice {
    std::string reason; // a sentence for a person, with no password in it
};
using DatabaseChoice = std::variant<SqliteChoice, PostgresChoice, InvalidChoice>;

// What --database (empty: not given) and the data directory name.
DatabaseChoice choose_database(const std::string& database, const std::string& data_dir);

class DataDirectoryLock;

struct OpenedStorage {
    OpenedStorage();
    OpenedStorage(OpenedStorage&&) noexcept;
    ~OpenedStorage();
    std::unique_ptr<GameRepository> repository;
    // Players' accounts, on the same database.
    std::unique_ptr<AccountRepository> accounts;
    // The lobby's seeks, on the same database.
    std::unique_ptr<SeekRepository> seeks;
    // Challenges between players, on the same database.
    std::unique_ptr<ChallengeRepository> challenges;
    // Tournaments (arenas), on the same database.
    std::unique_ptr<ArenaRepository> arenas;
    // The games' chat, on the same database.
    std::unique_ptr<ChatRepository> chat;
    // SQLite: one serve per database file (its directory's serve.lock). PostgreSQL: none,
    // several processes may share the database.
    std::unique_ptr<DataDirectoryLock> lock;
    // PostgreSQL: LISTEN/NOTIFY, so that every process hears of every change. SQLite: none
    // (the service makes one in memory).
    std::unique_ptr<EventBus> event_bus;
    std::string description; // for the start-up line: "/path/games.sqlite3", "PostgreSQL (...)"
};

// Opens (creating and migrating) the storage chosen; on failure writes one line to `errors`
// and answers the exit status: 2 for a database string that is wrong, a server that cannot be
// reached or a schema from a newer release; 1 for anything else.
std::variant<OpenedStorage, int> open_game_storage(const DatabaseChoice& choice,
                                                   std::ostream& errors);

} // namespace evo::app
