#include "stream_text.h"

#include "chat_json.h"
#include "event_text.h"
#include "game_change_json.h"
#include "lobby_json.h"

namespace evo::app {

SentView StreamText::sent(std::shared_ptr<const GameView> view) const {
    return sent_view(std::move(view));
}

EventText StreamText::state(const GameView& view) const {
    return event_text(state_message(view), {}, view.version);
}

EventText StreamText::change(const SentView& before, const SentView& after) const {
    return event_text(change_message(before, after), "change", after.view->version);
}

EventText StreamText::presence(const Presence& presence, std::int64_t now_ms) const {
    return event_text(presence_message(presence, now_ms), "presence");
}

EventText StreamText::line(const ChatMessage& message) const {
    return event_text(chat_message_json(message), "chat");
}

EventText StreamText::message(const LobbyMessage& message) const {
    return event_text(lobby_message_json(message));
}

const StreamText& stream_text() {
    static const StreamText text;
    return text;
}

} // namespace evo::app
