// The port that tells the processes serving games that a game changed: "game X is now at
// version V", ids only, never the game itself (each process re-reads what it needs from the
// repository). One process uses an in-memory bus; several processes on one PostgreSQL use
// LISTEN/NOTIFY, where the notice is sent in the same transaction as the change.
#pragma once

#include "lobby_notice.h"

#include <cstdint>
#include <functional>

namespace evo::app {

struct GameChanged {
    std::int64_t game_id = 0;
    std::int64_t version = 0;
    friend bool operator==(const GameChanged&, const GameChanged&) = default;
};

// A message was posted in a game's chat (chat_service.h): ids only, each process reads it.
struct ChatPosted {
    std::int64_t game_id = 0;
    std::int64_t message_id = 0;
    friend bool operator==(const ChatPosted&, const ChatPosted&) = default;
};

class EventBus {
  public:
    virtual ~EventBus() = default;

    // Announces a stored change to every process, this one included. A bus whose changes are
    // announced by the storage's own transaction (PostgreSQL) needs no call; calling it
    // anyway must be harmless (listeners ignore versions they have seen).
    virtual void publish(GameChanged change) = 0;
    // `on_change` is called for every change announced by any process, in version order per
    // game; `on_gap` when notices may have been lost (a listener reconnected): every game
    // watched must then be re-read. They run on the publisher's thread (in-memory bus) or on
    // the bus's listening thread (PostgreSQL), so publish is never called under a lock that
    // they take.
    virtual void listen(std::function<void(const GameChanged&)> on_change,
                        std::function<void()> on_gap) = 0;

    // The same for the lobby's notices, on a channel of their own: each is told to every
    // process once (this one at once, on the publisher's thread); `on_gap` as above.
    virtual void publish_lobby(const LobbyNotice& notice) = 0;
    virtual void listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                              std::function<void()> on_gap) = 0;

    // The same for the chat's notices, on a channel of their own.
    virtual void publish_chat(const ChatPosted& posted) = 0;
    virtual void listen_chat(std::function<void(const ChatPosted&)> on_posted) = 0;
};

} // namespace evo::app
