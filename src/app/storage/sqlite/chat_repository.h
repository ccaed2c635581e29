// The chat repository on SQLite: its own connection to the games' database file.
#pragma once

#include "app/chat/repository.h"
#include "database.h"

#include <mutex>
#include <string>

namespace evo::app {

class SqliteChatRepository final : public ChatRepository {
  public:
    // Opens or creates the database file and migrates its schema to the newest version.
    explicit SqliteChatRepository(const std::string& database_path);

    void insert(ChatMessage& message) override;
    std::optional<ChatMessage> find(std::int64_t id) override;
    std::vector<ChatMessage> messages(std::int64_t game_id, ChatRoom room, int limit) override;
    std::vector<std::int64_t> written_since(const std::string& author_key,
                                            std::int64_t since_ms) override;

  private:
    std::mutex mutex_;
    SqliteDatabase db_;
};

} // namespace evo::app
