// The streams of lichess's Bot and Board API (docs/bots.md): per account the event stream
// (`gameStart`, `gameFinish`, `challenge`, `challengeCanceled`, `challengeDeclined`; its open
// challenges and games first; a second stream of one account closes the first) and per game
// the game stream (`gameFull`, then a `gameState` per change, closed once the game is over).
// Every process hears the games' and the lobby's changes on the EventBus (ids only), re-reads
// what it tells, and tells its own streams on a thread of its own; the text is the edge's
// (BotText).
#pragma once

#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/events/bus.h"
#include "app/game/service.h"
#include "app/lobby/challenge_repository.h"
#include "bot_text.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace evo::app {

class BotStreams {
  public:
    BotStreams(GameService& games, ChallengeRepository& challenges, AccountRepository& accounts,
               const BotText& text);
    ~BotStreams();
    BotStreams(const BotStreams&) = delete;
    BotStreams& operator=(const BotStreams&) = delete;

    // GET /api/stream/event of the account. A bot states the variants it plays (registry
    // names; none stated: chess alone); a challenge to it in another is declined ("variant")
    // by the hook below while its stream is open here.
    void open_events(const AccountRecord& account, std::shared_ptr<EventSink> sink,
                     std::vector<std::string> variants = {});
    // How a challenge to a bot in a variant it does not play is declined (the challenge's id,
    // the bot as a player).
    void on_unplayed_variant(std::function<void(std::int64_t, const Player&)> decline) {
        decline_ = std::move(decline);
    }
    // GET /api/bot/game/stream/{id} (or the board's) of a player seated in the game; the
    // caller has checked the seat. `text_id`: the id the client named the game by.
    void open_game(std::int64_t game_id, const AccountRecord& account,
                   std::shared_ptr<EventSink> sink);
    // Whether the account has an event stream open on this process (lichess's "online").
    bool streaming(std::int64_t account_id) const;
    // The accounts with an event stream open on this process, by name.
    std::vector<AccountRecord> streaming_accounts() const;

    // Sends, on the caller's thread, what the notices told so far call for. The thread calls
    // it; tests too.
    void send_due();
    void start();
    void stop();
    void close_streams();

  private:
    struct GameStream {
        std::shared_ptr<EventSink> sink;
        std::string key; // the streaming account's
        std::int64_t sent_version = 0;
    };

    BotGame bot_game(std::int64_t id, const std::string& key);
    std::array<bool, 2> bots_of(const GameView& view);
    bool is_bot(const std::string& key, const std::string& name);
    void tell_start(std::int64_t game_id, const std::vector<std::string>& keys);
    void handle_challenge(const LobbyNotice& notice);
    void handle_game(std::int64_t id);
    void send_to_account_locked(const std::string& key, const EventText& text);

    GameService& games_;
    ChallengeRepository& challenges_;
    AccountRepository& accounts_;
    const BotText& text_;
    std::function<void(std::int64_t, const Player&)> decline_;

    mutable std::mutex mutex_;
    struct EventStream {
        std::shared_ptr<EventSink> sink;
        AccountRecord account;
        std::vector<std::string> variants; // a bot's; empty: any (a person's)
    };
    // Declines the challenge if it is to a bot streaming here in a variant it does not play.
    bool declined_as_unplayed(const ChallengeRecord& challenge);
    std::map<std::string, EventStream> accounts_streaming_; // by account key
    std::map<std::int64_t, std::vector<GameStream>> game_streams_;
    // The games whose start an event stream was told, until their finish is told.
    std::map<std::int64_t, std::set<std::string>> started_;

    std::mutex queue_mutex_;
    std::condition_variable wake_;
    std::vector<LobbyNotice> notices_;
    std::vector<std::int64_t> changed_games_;
    bool gap_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
