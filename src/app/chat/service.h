// The chat of an online game (docs/api.md "Chat"; issue 19, item 5), lichess's split: a room
// for the two players ("players") and one for everyone else ("spectators"), which the players
// read only once the game is over (so that nobody helps them). Messages are plain text of
// 1..max_length characters, stored with their game (ChatRepository) and rate-limited per
// author, counted in the stored messages so that every process counts alike. A new message is
// announced on the EventBus (ids only); each process reads it and sends it as a `chat` event
// to the game's streams that may read its room.
#pragma once

#include "app/common/clock.h"
#include "app/game/service.h"
#include "line_text.h"
#include "repository.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::app {

struct ChatOptions {
    int max_length = 140;            // characters (Unicode code points), after trimming
    int burst = 5;                   // messages an author may write ...
    std::int64_t window_ms = 10'000; // ... within this long
    int history = 100;               // the newest messages a read answers
};

// A message to post, as the edge read it (http/chat_json.h); the text is checked here.
struct ChatPost {
    ChatRoom room = ChatRoom::Players;
    std::string text;
    // lichess's API lets a seated player write in the spectators' room (bots greet them
    // there); the site keeps its players to their own room.
    bool seated_may_write_to_spectators = false;
};

// A room's newest messages, oldest first.
struct ChatRoomView {
    ChatRoom room = ChatRoom::Players;
    std::vector<ChatMessage> messages;
    // Who reads them, as a message's author_key names its writer: the reader's own messages
    // are "mine" (no mute button beside them); empty when the reader could not write.
    std::string reader_key;
};

class ChatService {
  public:
    // Listens on the game service's EventBus for messages posted on any process.
    ChatService(ChatRepository& messages, GameService& games, const Clock& clock,
                const ChatLineText& text, ChatOptions options = {});

    // POST /api/games/{id}/chat: the message stored. `name`: the requester's player name
    // (shown in the spectators' room).
    ChatMessage post(std::int64_t id, const ChatPost& post, const SeatToken& token,
                     const Player& viewer, const std::string& name);
    // GET /api/games/{id}/chat?room=...
    ChatRoomView read(std::int64_t id, ChatRoom room, const SeatToken& token, const Player& viewer);
    // The text of a message as stored: trimmed, then 1..max_length characters and no control
    // character, else a 400.
    std::string checked_text(const std::string& raw) const;

  private:
    // Runs on the thread that tells the bus's notices: never throws.
    void deliver(const ChatPosted& posted);
    void send_to_streams(const ChatPosted& posted);
    void require_rate(const std::string& author_key, std::int64_t now);

    ChatRepository& messages_;
    GameService& games_;
    const Clock& clock_;
    const ChatLineText& text_;
    ChatOptions options_;
};

} // namespace evo::app
