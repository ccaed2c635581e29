// The EventBus of one process: a change is announced to this process's listeners, at once, on
// the publisher's thread. No notice can be lost, so on_gap is never called.
#pragma once

#include "bus.h"

#include <memory>
#include <mutex>
#include <vector>

namespace evo::app {

class InMemoryEventBus : public EventBus {
  public:
    void publish(GameChanged change) override;
    void listen(std::function<void(const GameChanged&)> on_change,
                std::function<void()> on_gap) override;
    void publish_lobby(const LobbyNotice& notice) override;
    void listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                      std::function<void()> on_gap) override;
    void publish_chat(const ChatPosted& posted) override;
    void listen_chat(std::function<void(const ChatPosted&)> on_posted) override;

  private:
    std::mutex mutex_;
    // Listeners are only added, never removed: each is copied out under the lock and called
    // outside it, so one may publish again or listen without a deadlock.
    std::vector<std::shared_ptr<const std::function<void(const GameChanged&)>>> listeners_;
    std::vector<std::shared_ptr<const std::function<void(const LobbyNotice&)>>> lobby_listeners_;
    std::vector<std::shared_ptr<const std::function<void(const ChatPosted&)>>> chat_listeners_;
};

} // namespace evo::app
