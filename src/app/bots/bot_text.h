// The port the Bot and Board API's stream lines are written through (docs/bots.md): the
// streams (bot_streams.h) hand typed games and challenges, the HTTP edge (http/lichess_json.h)
// writes lichess's NDJSON lines, once per line sent.
#pragma once

#include "app/chat/repository.h"
#include "app/events/sink.h"
#include "app/lobby/challenge_repository.h"
#include "app/record/game_view.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace evo::app {

// A game as a bot's or board app's streams tell it.
struct BotGame {
    std::shared_ptr<const GameView> view;
    std::string text_id;        // lichess_ids.h
    std::optional<Color> seat;  // the streaming account's; none: not seated
    std::array<bool, 2> bots{}; // whether White's, Black's account is a bot
};

// What happened to a challenge, as the event stream tells it.
enum class ChallengeNews { Sent, Cancelled, Declined };

// A challenge as the streams tell it: whether each of its players (challenger, challenged) is
// a bot, and the reason key of a decline.
struct BotChallenge {
    ChallengeRecord challenge;
    std::array<bool, 2> bots{};
    std::string decline_reason = "generic";
};

class BotText {
  public:
    virtual ~BotText() = default;
    // The game stream's first line, with the state; then a state per change.
    virtual EventText game_full(const BotGame& game) const = 0;
    virtual EventText game_state(const BotGame& game) const = 0;
    // The event stream's lines about the account's games and challenges.
    virtual EventText game_start(const BotGame& game) const = 0;
    virtual EventText game_finish(const BotGame& game) const = 0;
    virtual EventText challenge(const BotChallenge& challenge, ChallengeNews news) const = 0;
    // The game stream's line when the opponent leaves (with the seconds until a victory may
    // be claimed, where the game allows a claim) or comes back.
    virtual EventText opponent_gone(bool gone, std::optional<std::int64_t> claim_in_s) const = 0;
    // The game stream's line of a chat message in the game (either room).
    virtual EventText chat_line(const ChatMessage& message) const = 0;
};

} // namespace evo::app
