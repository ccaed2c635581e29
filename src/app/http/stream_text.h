// The text of the streams' events (docs/api.md "Live updates" and "Lobby"): the edge's side of
// the domain's text ports. It keeps no state; the composition root hands the one instance to
// the game service, the chat and the lobby.
#pragma once

#include "app/chat/line_text.h"
#include "app/events/stream_text.h"
#include "app/lobby/lobby_text.h"

namespace evo::app {

class StreamText final : public GameStreamText, public ChatLineText, public LobbyText {
  public:
    SentView sent(std::shared_ptr<const GameView> view) const override;
    EventText state(const GameView& view) const override;
    EventText change(const SentView& before, const SentView& after) const override;
    EventText presence(const Presence& presence, std::int64_t now_ms) const override;
    EventText line(const ChatMessage& message) const override;
    EventText message(const LobbyMessage& message) const override;
};

const StreamText& stream_text();

} // namespace evo::app
