#include "storage.h"

#include "app/storage/postgres/account_repository.h"
#include "app/storage/postgres/arena_repository.h"
#include "app/storage/postgres/challenge_repository.h"
#include "app/storage/postgres/chat_repository.h"
#include "app/storage/postgres/connection.h"
#include "app/storage/postgres/event_bus.h"
#include "app/storage/postgres/game_repository.h"
#include "app/storage/postgres/seek_repository.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/arena_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/chat_repository.h"
#include "app/storage/sqlite/game_repository.h"
#include "app/storage/sqlite/seek_repository.h"

#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace evo::app {

namespace fs = std::filesystem;

// Holds an exclusive lock on DIR/serve.lock while the server runs: two servers writing one
// SQLite file would each hold games the other does not see change.
class DataDirectoryLock {
  public:
    explicit DataDirectoryLock(const fs::path& directory)
        : descriptor_(
              ::open((directory / "serve.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)),
          acquired_(descriptor_ >= 0 && ::flock(descriptor_, LOCK_EX | LOCK_NB) == 0) {}
    ~DataDirectoryLock() {
        if (descriptor_ >= 0) ::close(descriptor_);
    }
    DataDirectoryLock(const DataDirectoryLock&) = delete;
    DataDirectoryLock& operator=(const DataDirectoryLock&) = delete;
    bool acquired() const { return acquired_; }

  private:
    int descriptor_;
    bool acquired_;
};

OpenedStorage::OpenedStorage() = default;
OpenedStorage::OpenedStorage(OpenedStorage&&) noexcept = default;
OpenedStorage::~OpenedStorage() = default;

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

std::variant<OpenedStorage, int> open_sqlite(const std::string& path, std::ostream& errors) {
    fs::path directory = fs::path(path).parent_path();
    if (directory.empty()) directory = ".";
    std::error_code error;
    fs::create_directories(directory, error);
    if (error) {
        errors << "evochess serve: cannot create data directory '" << directory.string()
               << "': " << error.message() << '\n';
        return 1;
    }
    OpenedStorage storage;
    storage.lock = std::make_unique<DataDirectoryLock>(directory);
    if (!storage.lock->acquired()) {
        errors << "evochess serve: another evochess serve is using '" << directory.string()
               << "' (or its serve.lock cannot be written)\n";
        return 1;
    }
    try {
        storage.repository = std::make_unique<SqliteGameRepository>(path);
        storage.accounts = std::make_unique<SqliteAccountRepository>(path);
        storage.seeks = std::make_unique<SqliteSeekRepository>(path);
        storage.chat = std::make_unique<SqliteChatRepository>(path);
        storage.challenges = std::make_unique<SqliteChallengeRepository>(path);
        storage.arenas = std::make_unique<SqliteArenaRepository>(path);
    } catch (const NewerSchemaError& refusal) {
        errors << "evochess serve: " << path << ": " << refusal.what() << '\n';
        return 2;
    } catch (const StorageError& failure) {
        errors << "evochess serve: " << failure.what() << '\n';
        return 1;
    }
    storage.description = path;
    return storage;
}

std::variant<OpenedStorage, int> open_postgres(const std::string& conninfo, std::ostream& errors) {
    std::string shown = "PostgreSQL (" + conninfo_for_messages(conninfo) + ")";
    OpenedStorage storage;
    try {
        storage.repository = std::make_unique<PostgresGameRepository>(conninfo);
        storage.accounts = std::make_unique<PostgresAccountRepository>(conninfo);
        storage.event_bus = std::make_unique<PostgresEventBus>(conninfo);
        storage.seeks = std::make_unique<PostgresSeekRepository>(conninfo);
        storage.chat = std::make_unique<PostgresChatRepository>(conninfo);
        storage.challenges = std::make_unique<PostgresChallengeRepository>(conninfo);
        storage.arenas = std::make_unique<PostgresArenaRepository>(conninfo);
    } catch (const NewerSchemaError& refusal) {
        errors << "evochess serve: " << shown << ": " << refusal.what() << '\n';
        return 2;
    } catch (const StorageError& failure) {
        // Cannot connect (a wrong address, user or password, or the server is down).
        errors << "evochess serve: " << failure.what() << '\n';
        return 2;
    } catch (const std::exception& failure) {
        errors << "evochess serve: " << shown << ": "
               << one_line_without_password(failure.what(), conninfo) << '\n';
        return 1;
    }
    storage.description = shown;
    return storage;
}

} // namespace

DatabaseChoice choose_database(const std::string& database, const std::string& data_dir) {
    if (database.empty()) return SqliteChoice{(fs::path(data_dir) / "games.sqlite3").string()};
    if (starts_with(database, "sqlite:")) {
        std::string path = database.substr(7);
        if (path.empty()) return InvalidChoice{"--database sqlite: names no file"};
        return SqliteChoice{path};
    }
    if (starts_with(database, "postgresql://") || starts_with(database, "postgres://") ||
        database.find('=') != std::string::npos) {
        if (auto problem = conninfo_problem(database))
            return InvalidChoice{"--database: the PostgreSQL connection string cannot be read: " +
                                 *problem};
        return PostgresChoice{database};
    }
    return InvalidChoice{"--database '" + one_line_without_password(database, database) +
                         "' is neither sqlite:PATH nor a PostgreSQL connection string "
                         "(postgresql://USER@HOST/DB or host=... dbname=...)"};
}

std::variant<OpenedStorage, int> open_game_storage(const DatabaseChoice& choice,
                                                   std::ostream& errors) {
    if (const auto* sqlite = std::get_if<SqliteChoice>(&choice))
        return open_sqlite(sqlite->path, errors);
    if (const auto* postgres = std::get_if<PostgresChoice>(&choice))
        return open_postgres(postgres->conninfo, errors);
    errors << "evochess serve: " << std::get<InvalidChoice>(choice).reason << '\n';
    return 2;
}

} // namespace evo::app
