// The chat repository on PostgreSQL: the same table as SQLite's, its own small pool of
// connections to the games' database, the schema migrated on opening (postgres_schema.h).
#pragma once

#include "app/chat/repository.h"
#include "connection_pool.h"

#include <string>

namespace evo::app {

class PostgresChatRepository final : public ChatRepository {
  public:
    explicit PostgresChatRepository(const std::string& conninfo, std::size_t connections = 2);

    void insert(ChatMessage& message) override;
    std::optional<ChatMessage> find(std::int64_t id) override;
    std::vector<ChatMessage> messages(std::int64_t game_id, ChatRoom room, int limit) override;
    std::vector<std::int64_t> written_since(const std::string& author_key,
                                            std::int64_t since_ms) override;

  private:
    PostgresResult run(std::string_view sql, const PostgresParams& params = {});
    PostgresConnectionPool pool_;
};

} // namespace evo::app
