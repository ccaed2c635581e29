#include "room.h"

#include "app/common/storage_error.h"

#include <string>

namespace evo::app {

std::string_view chat_room_name(ChatRoom room) {
    return room == ChatRoom::Players ? "players" : "spectators";
}

std::optional<ChatRoom> chat_room_named(std::string_view name) {
    for (ChatRoom room : {ChatRoom::Players, ChatRoom::Spectators})
        if (chat_room_name(room) == name) return room;
    return std::nullopt;
}

ChatRoom stored_chat_room(std::string_view name) {
    if (auto room = chat_room_named(name)) return *room;
    throw StorageError(StorageErrorKind::Corrupt, "a stored chat message's room is '" +
                                                      std::string(name) + "', which is no room");
}

} // namespace evo::app
