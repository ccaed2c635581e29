#include "chat_repository.h"

#include "schema.h"

#include <algorithm>

namespace evo::app {

namespace {

constexpr const char* message_columns =
    "SELECT id, game_id, room, author_name, author_key, text, created_ms FROM chat_messages ";

ChatMessage message_of_row(const SqliteStatement& row) {
    return {row.column_int(0),  row.column_int(1),  stored_chat_room(row.column_text(2)),
            row.column_text(3), row.column_text(4), row.column_text(5),
            row.column_int(6)};
}

} // namespace

SqliteChatRepository::SqliteChatRepository(const std::string& database_path) : db_(database_path) {
    migrate_sqlite_schema(db_);
}

void SqliteChatRepository::insert(ChatMessage& message) {
    std::lock_guard lock(mutex_);
    SqliteStatement insert(db_, "INSERT INTO chat_messages (game_id, room, author_name, "
                                "author_key, text, created_ms) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, message.game_id)
        .bind(2, std::string(chat_room_name(message.room)))
        .bind(3, message.author_name)
        .bind(4, message.author_key)
        .bind(5, message.text)
        .bind(6, message.created_ms);
    insert.run();
    message.id = db_.last_insert_id();
}

std::optional<ChatMessage> SqliteChatRepository::find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteStatement row(db_, std::string(message_columns) + "WHERE id = ?");
    row.bind(1, id);
    if (!row.step()) return std::nullopt;
    return message_of_row(row);
}

std::vector<ChatMessage> SqliteChatRepository::messages(std::int64_t game_id, ChatRoom room,
                                                        int limit) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, std::string(message_columns) +
                                  "WHERE game_id = ? AND room = ? ORDER BY id DESC LIMIT ?");
    rows.bind(1, game_id).bind(2, std::string(chat_room_name(room))).bind(3, std::int64_t(limit));
    std::vector<ChatMessage> messages;
    while (rows.step()) messages.push_back(message_of_row(rows));
    std::reverse(messages.begin(), messages.end());
    return messages;
}

std::vector<std::int64_t> SqliteChatRepository::written_since(const std::string& author_key,
                                                              std::int64_t since_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, "SELECT created_ms FROM chat_messages WHERE author_key = ? AND "
                              "created_ms >= ? ORDER BY created_ms");
    rows.bind(1, author_key).bind(2, since_ms);
    std::vector<std::int64_t> times;
    while (rows.step()) times.push_back(rows.column_int(0));
    return times;
}

} // namespace evo::app
