#include "chat_repository.h"

#include "schema.h"

#include <algorithm>

namespace evo::app {

namespace {

constexpr const char* message_columns =
    "SELECT id, game_id, room, author_name, author_key, text, created_ms FROM chat_messages ";

ChatMessage message_of_row(const PostgresResult& rows, int row) {
    return {rows.int64(row, 0), rows.int64(row, 1), stored_chat_room(rows.text(row, 2)),
            rows.text(row, 3),  rows.text(row, 4),  rows.text(row, 5),
            rows.int64(row, 6)};
}

} // namespace

PostgresChatRepository::PostgresChatRepository(const std::string& conninfo, std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresResult PostgresChatRepository::run(std::string_view sql, const PostgresParams& params) {
    return start_statement(pool_, sql, params).result;
}

void PostgresChatRepository::insert(ChatMessage& message) {
    message.id = run("INSERT INTO chat_messages (game_id, room, author_name, author_key, text, "
                     "created_ms) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                     PostgresParams()
                         .add(message.game_id)
                         .add(std::string(chat_room_name(message.room)))
                         .add(message.author_name)
                         .add(message.author_key)
                         .add(message.text)
                         .add(message.created_ms))
                     .int64(0, 0);
}

std::optional<ChatMessage> PostgresChatRepository::find(std::int64_t id) {
    PostgresResult rows =
        run(std::string(message_columns) + "WHERE id = $1", PostgresParams().add(id));
    if (rows.rows() == 0) return std::nullopt;
    return message_of_row(rows, 0);
}

std::vector<ChatMessage> PostgresChatRepository::messages(std::int64_t game_id, ChatRoom room,
                                                          int limit) {
    PostgresResult rows = run(std::string(message_columns) +
                                  "WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3",
                              PostgresParams()
                                  .add(game_id)
                                  .add(std::string(chat_room_name(room)))
                                  .add(std::int64_t(limit)));
    std::vector<ChatMessage> messages;
    for (int row = rows.rows() - 1; row >= 0; --row) messages.push_back(message_of_row(rows, row));
    return messages;
}

std::vector<std::int64_t> PostgresChatRepository::written_since(const std::string& author_key,
                                                                std::int64_t since_ms) {
    PostgresResult rows = run("SELECT created_ms FROM chat_messages WHERE author_key = $1 AND "
                              "created_ms >= $2 ORDER BY created_ms",
                              PostgresParams().add(author_key).add(since_ms));
    std::vector<std::int64_t> times;
    for (int row = 0; row < rows.rows(); ++row) times.push_back(rows.int64(row, 0));
    return times;
}

} // namespace evo::app
