// An event stream held in memory, for the tests of what streams are sent: the texts it was
// sent, and its close, as a connection's would (nothing is taken once it is closed, and a
// close callback added then runs at once).
#pragma once

#include "app/http/message.h"

#include <functional>
#include <string>
#include <vector>

namespace evo::app::testing {

class MemorySink : public EventSink {
  public:
    bool send(EventText text) override {
        if (closed_) return false;
        sent.push_back(*text);
        return true;
    }
    void close() override {
        if (closed_) return;
        closed_ = true;
        for (auto& callback : callbacks_) callback();
    }
    bool closed() const override { return closed_; }
    void on_close(std::function<void()> callback) override {
        if (closed_) return callback();
        callbacks_.push_back(std::move(callback));
    }
    std::vector<std::string> sent;

  private:
    bool closed_ = false;
    std::vector<std::function<void()>> callbacks_;
};

} // namespace evo::app::testing
