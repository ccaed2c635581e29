#include "chat_json.h"

#include "app/common/api_error.h"

namespace evo::app {

using nlohmann::json;

namespace {

ChatRoom room_or_400(const std::string& name) {
    if (auto room = chat_room_named(name)) return *room;
    throw bad_request("\"room\" must be \"players\" or \"spectators\"");
}

} // namespace

ChatPost chat_post_from_json(const json& body) {
    if (!body.is_object()) throw bad_request("the body must be {\"room\", \"text\"}");
    auto room = body.find("room");
    if (room == body.end() || !room->is_string())
        throw bad_request("\"room\" must be \"players\" or \"spectators\"");
    ChatPost post;
    post.room = room_or_400(room->get<std::string>());
    auto text = body.find("text");
    if (text == body.end()) throw bad_request("\"text\" is missing");
    if (!text->is_string()) throw bad_request("\"text\" must be a string");
    post.text = text->get<std::string>();
    return post;
}

ChatRoom chat_room_from_query(const std::string& room) {
    return room_or_400(room);
}

json chat_message_json(const ChatMessage& message, bool mine) {
    return {{"id", message.id},
            {"room", std::string(chat_room_name(message.room))},
            {"author", message.author_name},
            {"bot", message.author_bot},
            {"text", message.text},
            {"time", message.created_ms},
            {"mine", mine}};
}

json chat_room_json(const ChatRoomView& view) {
    json list = json::array();
    for (const ChatMessage& message : view.messages)
        list.push_back(chat_message_json(message, !view.reader_key.empty() &&
                                                      message.author_key == view.reader_key));
    return {{"room", std::string(chat_room_name(view.room))}, {"messages", std::move(list)}};
}

} // namespace evo::app
