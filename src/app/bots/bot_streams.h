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
#include "app/lobby/seek_repository.h"
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
    // `seeks`: where the seeks a gameStart is told of are read (a game made from a seek, the
    // Board API's POST /api/board/seek); none: only challenges' games are told.
    // `chat`: where the chat lines told on game streams are read (none: no chatLine).
    BotStreams(GameService& games, ChallengeRepository& challenges, AccountRepository& accounts,
               const BotText& text, SeekRepository* seeks = nullptr,
               ChatRepository* chat = nullptr);
    ~BotStreams();
    BotStreams(const BotStreams&) = delete;
    BotStreams& operator=(const BotStreams&) = delete;

    // GET /api/stream/event of the account. A bot states the variants it plays (registry
    // names; none stated: chess alone) and may state how many games it plays at once; while
    // its stream is open here, a challenge to it in another variant is declined ("variant"),
    // and one while it plays that many games ("later"), by the hook below.
    void open_events(const AccountRecord& account, std::shared_ptr<EventSink> sink,
                     std::vector<std::string> variants = {},
                     std::optional<int> max_games = std::nullopt);
    // How a challenge a bot's terms refuse is declined (the challenge's id, the bot as a
    // player, lichess's reason key).
    void on_refused_by_bot(
        std::function<void(std::int64_t, const Player&, const std::string&)> decline) {
        decline_ = std::move(decline);
    }
    // GET /api/bot/game/stream/{id} (or the board's) of a player seated in the game; the
    // caller has checked the seat. `text_id`: the id the client named the game by.
    void open_game(std::int64_t game_id, const AccountRecord& account,
                   std::shared_ptr<EventSink> sink);
    // POST /api/board/seek's open request (`sink`) for the seek: closed once the seek is taken
    // (its game's start told on the event streams) or gone.
    void hold_seek(std::int64_t seek_id, std::shared_ptr<EventSink> sink);
    // Whether the account has an event stream open on this process (lichess's "online").
    bool streaming(std::int64_t account_id) const;
    // The accounts with an event stream open on this process, by name.
    std::vector<AccountRecord> streaming_accounts() const;
    // The variants (registry names) a bot streaming here said it plays; empty: not a bot
    // streaming here.
    std::vector<std::string> played_variants(std::int64_t account_id) const;

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
        std::optional<Color> seat;              // its account's; none: not seated
        std::optional<bool> told_opponent_gone; // the last opponentGone sent
    };

    BotGame bot_game(std::int64_t id, const std::string& key);
    std::array<bool, 2> bots_of(const GameView& view);
    bool is_bot(const std::string& key, const std::string& name);
    void tell_start(std::int64_t game_id, const std::vector<std::string>& keys);
    void handle_challenge(const LobbyNotice& notice);
    // A game a tournament made: its players' streams are told it started.
    void handle_tournament_game(std::int64_t game_id);
    void handle_seek(const LobbyNotice& notice);
    void handle_game(std::int64_t id);
    // Tells each seated game stream of the game its opponent's leaving or coming back.
    void handle_presence(std::int64_t id);
    void handle_chat(const ChatPosted& posted);
    void send_to_account_locked(const std::string& key, const EventText& text);

    GameService& games_;
    ChallengeRepository& challenges_;
    AccountRepository& accounts_;
    const BotText& text_;
    SeekRepository* seeks_;
    ChatRepository* chat_;
    std::function<void(std::int64_t, const Player&, const std::string&)> decline_;

    mutable std::mutex mutex_;
    struct EventStream {
        std::shared_ptr<EventSink> sink;
        AccountRecord account;
        std::vector<std::string> variants; // a bot's; empty: any (a person's)
        std::optional<int> max_games;      // a bot's games at once; none: no limit
    };
    // Declines the challenge if it is to a bot streaming here whose terms refuse it: a
    // variant it does not play, or as many games being played as it takes at once.
    bool declined_by_bot_terms(const ChallengeRecord& challenge);
    int games_being_played(const std::string& key);
    std::map<std::string, EventStream> accounts_streaming_; // by account key
    std::map<std::int64_t, std::vector<GameStream>> game_streams_;
    std::map<std::int64_t, std::shared_ptr<EventSink>> held_seeks_; // by seek id
    // The games whose start an event stream was told, until their finish is told.
    std::map<std::int64_t, std::set<std::string>> started_;

    std::mutex queue_mutex_;
    std::condition_variable wake_;
    std::vector<LobbyNotice> notices_;
    std::vector<std::int64_t> changed_games_;
    std::vector<std::int64_t> changed_presence_;
    std::vector<ChatPosted> chat_posted_;
    bool gap_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
