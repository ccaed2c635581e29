#include "in_memory_bus.h"

namespace evo::app {

void InMemoryEventBus::publish(GameChanged change) {
    std::vector<std::shared_ptr<const std::function<void(const GameChanged&)>>> listeners;
    {
        std::lock_guard lock(mutex_);
        listeners = listeners_;
    }
    for (const auto& listener : listeners) (*listener)(change);
}

void InMemoryEventBus::listen(std::function<void(const GameChanged&)> on_change,
                              std::function<void()> /*on_gap: nothing is lost in memory*/) {
    std::lock_guard lock(mutex_);
    listeners_.push_back(
        std::make_shared<const std::function<void(const GameChanged&)>>(std::move(on_change)));
}

void InMemoryEventBus::publish_lobby(const LobbyNotice& notice) {
    std::vector<std::shared_ptr<const std::function<void(const LobbyNotice&)>>> listeners;
    {
        std::lock_guard lock(mutex_);
        listeners = lobby_listeners_;
    }
    for (const auto& listener : listeners) (*listener)(notice);
}

void InMemoryEventBus::listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                                    std::function<void()> /*on_gap: nothing is lost*/) {
    std::lock_guard lock(mutex_);
    lobby_listeners_.push_back(
        std::make_shared<const std::function<void(const LobbyNotice&)>>(std::move(on_notice)));
}

void InMemoryEventBus::publish_chat(const ChatPosted& posted) {
    std::vector<std::shared_ptr<const std::function<void(const ChatPosted&)>>> listeners;
    {
        std::lock_guard lock(mutex_);
        listeners = chat_listeners_;
    }
    for (const auto& listener : listeners) (*listener)(posted);
}

void InMemoryEventBus::listen_chat(std::function<void(const ChatPosted&)> on_posted) {
    std::lock_guard lock(mutex_);
    chat_listeners_.push_back(
        std::make_shared<const std::function<void(const ChatPosted&)>>(std::move(on_posted)));
}

} // namespace evo::app
