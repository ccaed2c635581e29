// The port a lobby stream's events are written through: the HTTP edge writes their text
// (http/stream_text.h), once for every stream it goes to.
#pragma once

#include "app/events/sink.h"
#include "messages.h"

namespace evo::app {

class LobbyText {
  public:
    virtual ~LobbyText() = default;
    virtual EventText message(const LobbyMessage& message) const = 0;
};

} // namespace evo::app
