// A Responder held in memory, for the tests of what an answer's edge writes: the response it
// was given, or the event stream (a MemorySink) it opened, and its hang-up callback.
#pragma once

#include "../events/memory_sink.h"

#include <functional>
#include <memory>
#include <optional>

namespace evo::app::testing {

class MemoryResponder : public Responder {
  public:
    void respond(HttpResponse answer) override { response = std::move(answer); }
    std::shared_ptr<EventSink> open_stream(StreamFormat opened) override {
        format = opened;
        stream = std::make_shared<MemorySink>();
        return stream;
    }
    bool answered() const override { return response || stream; }
    void on_hangup(std::function<void()> callback) override { hangup = std::move(callback); }

    std::optional<HttpResponse> response;
    std::shared_ptr<MemorySink> stream;
    StreamFormat format = StreamFormat::ServerSentEvents;
    std::function<void()> hangup;
};

} // namespace evo::app::testing
