// The rooms of an online game's chat (docs/api.md "Chat"), and their text: the one the API
// shows and the one stored are the same.
#pragma once

#include <optional>
#include <string_view>

namespace evo::app {

// lichess's split: the two players' room, and everyone else's.
enum class ChatRoom { Players, Spectators };

// "players", "spectators".
std::string_view chat_room_name(ChatRoom room);
std::optional<ChatRoom> chat_room_named(std::string_view name);
// The room of a stored row; a text that is no room's is a corrupt StorageError.
ChatRoom stored_chat_room(std::string_view name);

} // namespace evo::app
