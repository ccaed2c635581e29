// The port a game's chat is stored through (issue 19, item 5), on the games' database (SQLite
// or PostgreSQL), so that a message posted on one server process is read on another. A
// message belongs to its game: deleting the game deletes its chat. Failures are StorageErrors.
#pragma once

#include "app/common/storage_error.h"
#include "room.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct ChatMessage {
    std::int64_t id = 0;
    std::int64_t game_id = 0;
    ChatRoom room = ChatRoom::Players;
    std::string author_name; // shown
    std::string author_key;  // who wrote it (player key or seat), for the rate limit; never shown
    std::string text;        // plain text, never markup
    std::int64_t created_ms = 0;
    // Written by a bot account at its seat ("BOT" beside the name): not stored, the chat
    // service marks it from the game's seats when it answers or sends the message.
    bool author_bot = false;
    friend bool operator==(const ChatMessage&, const ChatMessage&) = default;
};

class ChatRepository {
  public:
    virtual ~ChatRepository() = default;

    // Stores a new message; sets message.id (ids grow with time).
    virtual void insert(ChatMessage& message) = 0;
    virtual std::optional<ChatMessage> find(std::int64_t id) = 0;
    // The newest `limit` messages of the game's room, oldest first.
    virtual std::vector<ChatMessage> messages(std::int64_t game_id, ChatRoom room, int limit) = 0;
    // When the author's messages written at or after `since_ms` were written, oldest first.
    virtual std::vector<std::int64_t> written_since(const std::string& author_key,
                                                    std::int64_t since_ms) = 0;
};

} // namespace evo::app
