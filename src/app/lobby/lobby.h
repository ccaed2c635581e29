// The lobby's event streams (docs/api.md "The lobby stream"): each stream is sent the open
// seeks when it opens, then every seek added and removed, to the two players of a challenge
// the challenge and its end, and to the two players of a game made from a seek or a
// challenge that game with their seat. The SeekService tells its changes on the
// EventBus (LobbyNotice, ids only); every process reads the seeks it is told of from the
// repository and sends the events to its own streams, on a thread of its own. A gap in the
// notices (the bus listened again) sends every stream the whole list again.
//
// A correspondence game (days per move) whose turn passes to a player sends that player's
// streams {"type": "your_turn", "id", ...}: every process hears the games' changes on the
// bus (ids only), re-reads the game and tells its own streams (the player who moved is
// never told: the turn is not theirs).
//
// A seek goes when its maker leaves: the makers with a stream open here are marked seen
// every refresh_ms, and seeks whose maker was not seen for grace_ms (by any process) are
// removed ("left").
#pragma once

#include "app/accounts/identity.h"
#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/events/bus.h"
#include "app/events/sink.h"
#include "app/game/service.h"
#include "challenge_repository.h"
#include "lobby_text.h"
#include "messages.h"
#include "seek_repository.h"

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace evo::app {

struct LobbyOptions {
    // How long a maker may be without a lobby stream before their seeks go.
    std::int64_t grace_ms = 20000;
    // How often the makers with a stream open are marked seen (well under grace_ms).
    std::int64_t refresh_ms = 5000;
    // Where the makers' ratings shown with their seeks are read; none: no ratings.
    AccountRepository* accounts = nullptr;
};

class Lobby {
  public:
    Lobby(SeekRepository& seeks, ChallengeRepository& challenges, GameService& games,
          const Clock& clock, const LobbyText& text, LobbyOptions options);
    ~Lobby();
    Lobby(const Lobby&) = delete;
    Lobby& operator=(const Lobby&) = delete;

    // Opens a lobby stream of `player` (who has a key) on `sink`: first the open seeks.
    void open(const Player& player, std::shared_ptr<EventSink> sink);
    // Sends, on the caller's thread, the events of the notices told so far, and marks the
    // makers seen and removes the seeks of those gone when that is due. The thread calls it;
    // tests too.
    void send_due();
    // Runs send_due on a thread whenever a notice comes or the makers are due; stop() ends it.
    void start();
    void stop();
    // Ends every lobby stream here (a stopping server: their pages reconnect, elsewhere).
    void close_streams();
    // How many lobby streams are open here.
    std::size_t streams() const;

  private:
    struct Stream {
        std::vector<std::string> keys; // the player's (player_identity.h)
        std::shared_ptr<EventSink> sink;
    };

    void queue(const LobbyNotice& notice);
    void queue_game_change(const GameChanged& change);
    // Tells the player whose turn it became in a correspondence game.
    void tell_turn(std::int64_t game_id);
    void handle(const LobbyNotice& notice);
    void read_all_again();
    void handle_challenge(const LobbyNotice& notice);
    // Tells each (player key, seat token) of game `id` the game with their seat.
    void tell_game(std::int64_t id, const std::vector<std::pair<std::string, std::string>>& seats);
    void tell_game(const SeekRecord& seek);
    void keep_makers(std::int64_t now);
    void broadcast_locked(const LobbyMessage& message);
    void send_to_player_locked(const std::string& key, const EventText& text);
    LobbySeeks seeks_message_locked() const;

    SeekRepository& seeks_;
    ChallengeRepository& challenges_;
    GameService& games_;
    const Clock& clock_;
    const LobbyText& text_;
    LobbyOptions options_;

    // The open seeks as the streams were told them, and the streams.
    mutable std::mutex mutex_;
    std::map<std::int64_t, SeekView> open_;
    std::vector<Stream> streams_;

    std::mutex queue_mutex_;
    std::condition_variable wake_;
    std::vector<LobbyNotice> notices_;
    std::vector<std::int64_t> changed_games_;
    // Per live correspondence game, the turn last told (side, instant it began), so that a
    // change other than a move (a draw offer, say) tells nobody again; and the games known
    // to have another clock. Read and written by send_due only.
    std::map<std::int64_t, std::pair<Color, std::int64_t>> turns_told_;
    std::set<std::int64_t> not_correspondence_;
    bool gap_ = false;
    bool stopping_ = false;
    std::int64_t next_keep_ms_ = 0;
    std::thread thread_;
};

} // namespace evo::app
