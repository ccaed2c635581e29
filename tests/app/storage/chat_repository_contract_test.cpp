// One test suite for every ChatRepository, on SQLite and PostgreSQL alike: a message reads
// back through another connection (another server process), a room lists its newest messages
// oldest first, an author's recent messages are counted across games, and deleting a game
// deletes its chat.
#include "app/storage/postgres/chat_repository.h"
#include "app/storage/postgres/game_repository.h"
#include "app/storage/sqlite/chat_repository.h"
#include "app/storage/sqlite/game_repository.h"
#include "postgres_test_server.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <unistd.h>

namespace evo::app::testing {
namespace {

namespace fs = std::filesystem;

class SqliteChat {
  public:
    SqliteChat() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() /
            ("evochess-chat-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteChat() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<ChatRepository> open() {
        return std::make_unique<SqliteChatRepository>(path());
    }
    std::unique_ptr<GameRepository> open_games() {
        return std::make_unique<SqliteGameRepository>(path());
    }

  private:
    std::string path() const { return (directory_ / "games.sqlite3").string(); }
    fs::path directory_;
};

class PostgresChat {
  public:
    PostgresChat() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<ChatRepository> open() {
        return std::make_unique<PostgresChatRepository>(PostgresTestServer::instance().conninfo());
    }
    std::unique_ptr<GameRepository> open_games() {
        return std::make_unique<PostgresGameRepository>(PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class ChatRepositoryContract : public ::testing::Test {
  protected:
    std::int64_t new_game() {
        GameRecord record;
        record.variant = "chess";
        record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        record.online = true;
        record.summary = {record.start_fen, std::nullopt, std::nullopt};
        games_->insert(record);
        return record.id;
    }
    static ChatMessage message(std::int64_t game, ChatRoom room, const std::string& text,
                               std::int64_t at_ms, const std::string& author = "visitor:a") {
        return {0, game, room, "Anonymous 4F2A", author, text, at_ms};
    }
    Storage storage_;
    std::unique_ptr<GameRepository> games_ = storage_.open_games();
};

using Storages = ::testing::Types<SqliteChat, PostgresChat>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteChat> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(ChatRepositoryContract, Storages, StorageNames);

TYPED_TEST(ChatRepositoryContract, AMessageReadsBackThroughAnotherConnection) {
    std::int64_t game = this->new_game();
    auto store = this->storage_.open();
    ChatMessage posted = this->message(game, ChatRoom::Players, "<b>x</b> gl", 1000);
    store->insert(posted);
    EXPECT_GT(posted.id, 0);
    auto found = this->storage_.open()->find(posted.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, posted);
    EXPECT_FALSE(store->find(posted.id + 1000));
}

TYPED_TEST(ChatRepositoryContract, ARoomListsItsNewestMessagesOldestFirst) {
    std::int64_t game = this->new_game();
    std::int64_t other = this->new_game();
    auto store = this->storage_.open();
    for (int i = 0; i < 4; ++i) {
        ChatMessage posted =
            this->message(game, ChatRoom::Players, "p" + std::to_string(i), 1000 + i);
        store->insert(posted);
    }
    ChatMessage spectators = this->message(game, ChatRoom::Spectators, "s", 2000);
    ChatMessage elsewhere = this->message(other, ChatRoom::Players, "o", 2000);
    store->insert(spectators);
    store->insert(elsewhere);
    std::vector<std::string> texts;
    for (const ChatMessage& message : store->messages(game, ChatRoom::Players, 3))
        texts.push_back(message.text);
    EXPECT_EQ(texts, (std::vector<std::string>{"p1", "p2", "p3"}));
    ASSERT_EQ(store->messages(game, ChatRoom::Spectators, 10).size(), 1u);
    EXPECT_EQ(store->messages(game, ChatRoom::Spectators, 10)[0].text, "s");
}

TYPED_TEST(ChatRepositoryContract, AnAuthorsRecentMessagesAreCountedAcrossGames) {
    std::int64_t game = this->new_game();
    std::int64_t other = this->new_game();
    auto store = this->storage_.open();
    for (auto [where, at] :
         {std::pair{game, 1000}, std::pair{other, 5000}, std::pair{game, 9000}}) {
        ChatMessage posted = this->message(where, ChatRoom::Spectators, "hi", at);
        store->insert(posted);
    }
    ChatMessage someone_else = this->message(game, ChatRoom::Spectators, "hi", 6000, "visitor:b");
    store->insert(someone_else);
    EXPECT_EQ(store->written_since("visitor:a", 5000), (std::vector<std::int64_t>{5000, 9000}));
    EXPECT_EQ(store->written_since("visitor:b", 0), (std::vector<std::int64_t>{6000}));
}

TYPED_TEST(ChatRepositoryContract, DeletingAGameDeletesItsChat) {
    std::int64_t game = this->new_game();
    auto store = this->storage_.open();
    ChatMessage posted = this->message(game, ChatRoom::Players, "bye", 1000);
    store->insert(posted);
    ASSERT_TRUE(this->games_->remove(game));
    EXPECT_FALSE(store->find(posted.id));
    EXPECT_TRUE(store->messages(game, ChatRoom::Players, 10).empty());
}

} // namespace
} // namespace evo::app::testing
