// The port a game's or the lobby's events go out through: an open stream of a client (on the
// HTTP edge, a server-sent-events answer, http/http_message.h) that takes events already
// encoded, the same buffer for every stream an event is for.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace evo::app {

// Encoded server-sent events (http/event_text.h), one buffer shared by every stream it goes to.
using EventText = std::shared_ptr<const std::string>;

// The open end of a server-sent-events answer. Thread-safe; writes happen in order.
class EventSink {
  public:
    virtual ~EventSink() = default;
    // Queues text (whole events) for the client; false once the stream is closed.
    virtual bool send(EventText text) = 0;
    virtual void close() = 0;
    virtual bool closed() const = 0;
    // Runs `callback` once when the stream ends, whoever ends it (at once if it has).
    virtual void on_close(std::function<void()> callback) = 0;
    // The bytes sent that the client has not taken yet: a long answer (a game export) waits
    // while they are many, so a slow reader is not dropped for falling behind.
    virtual std::size_t unsent_bytes() const { return 0; }
};

// Another stream's presence without its text: a stream of one kind (the API's own NDJSON)
// held open as a stream of another (a game's or the lobby's), so that its player counts as
// there for as long as it is open. It sends nothing; it closes with the stream it wraps.
class SilentSinkOf : public EventSink {
  public:
    explicit SilentSinkOf(std::shared_ptr<EventSink> stream) : stream_(std::move(stream)) {}
    bool send(EventText) override { return !stream_->closed(); }
    void close() override { stream_->close(); }
    bool closed() const override { return stream_->closed(); }
    void on_close(std::function<void()> callback) override {
        stream_->on_close(std::move(callback));
    }

  private:
    std::shared_ptr<EventSink> stream_;
};

} // namespace evo::app
