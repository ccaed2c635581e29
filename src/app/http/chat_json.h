// The JSON of an online game's chat (docs/api.md "Chat"): the body of a post read, and the
// messages written, for the HTTP answers and the game's `chat` stream events.
#pragma once

#include "app/chat/service.h"

#include <nlohmann/json.hpp>

#include <string>

namespace evo::app {

// {"room", "text"}; a body of another shape, or a room that is none, is a 400. The text is
// checked by the service.
ChatPost chat_post_from_json(const nlohmann::json& body);
// ?room=players|spectators
ChatRoom chat_room_from_query(const std::string& room);
// A message as the API shows it: never its author's key.
// `mine`: written by whoever asks (the page offers no mute beside it).
nlohmann::json chat_message_json(const ChatMessage& message, bool mine = false);
// {"room", "messages": [...]}, oldest first.
nlohmann::json chat_room_json(const ChatRoomView& view);

} // namespace evo::app
