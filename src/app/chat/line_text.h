// The port a chat line's stream event is written through: the HTTP edge writes its text
// (http/stream_text.h), once for every stream that may read it.
#pragma once

#include "app/events/sink.h"
#include "repository.h"

namespace evo::app {

class ChatLineText {
  public:
    virtual ~ChatLineText() = default;
    virtual EventText line(const ChatMessage& message) const = 0;
};

} // namespace evo::app
