// The API's operations on games: each takes a typed command (game_commands.h, read from JSON
// at the edge by game_commands_json.h) and who asks (an Actor: a seat's token, anyone, the
// engine), checks them, changes the game (a core evo::Game: text is made only at the JSON,
// storage and PGN edges), stores it with compare-and-set on its version (the database is
// the truth; the copy in memory is a cache), announces "game X is now at version V" on the
// EventBus (LiveUpdates turns that into the streams' events), and answers the new state as a
// typed view (game_view.h; its JSON is written at the HTTP edge, http/game_view_json.h).
// Failures throw ApiError and leave the game as it was.
#pragma once

#include "actor.h"
#include "app/accounts/identity.h"
#include "app/analysis/engine_port.h"
#include "app/analysis/search_view.h"
#include "app/common/clock.h"
#include "app/common/task_pool.h"
#include "app/events/bus.h"
#include "app/events/game_streams.h"
#include "app/events/stream_text.h"
#include "app/record/game_repository.h"
#include "app/record/game_view.h"
#include "commands.h"

#include <array>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct GameSlot;
struct LoadedGame;
struct EngineTicket;
class EngineJobs;
class FlagWatcher;
class GameCache;
class LiveUpdates;

struct ServiceOptions {
    // The address people reach this server at, for invite and seat links.
    std::string public_url = "http://127.0.0.1:8080";
    // Local (not online) games need their owner's token too, and are private to the player
    // who made them unless the token is shared (a server open to others).
    bool local_games_need_token = false;
    // A player whose page has been closed this long may lose by a claim of the opponent.
    std::int64_t claim_after_ms = 30000;
    std::size_t engine_threads = 0; // 0: one per core
    std::size_t engine_queue = 0;   // searches waiting; 0: two per engine thread
    // Searches one client may have running at once, engine moves and analyses together (as
    // many more may wait); 0: no share per client.
    std::size_t engine_per_client = 0;
    // The longest one search may think, whatever the game's settings or the request say;
    // 0: the API's bound (60 s).
    int max_engine_ms = 0;
    std::size_t max_cached_games = 512;
    // The bus changes are announced on; none: one in memory (this process alone).
    EventBus* event_bus = nullptr;
    // A game's streams are told who is there at most this often (docs/api.md "Live updates").
    std::int64_t presence_interval_ms = 1000;
};

// Who plays an online game made by pairing two players (a seek, a challenge): the maker sits at
// the seat `create` gives them (its "colour"), the opponent at the other. A rated game changes
// both ratings when it ends (rated_games.h).
struct Pairing {
    bool rated = false;
    SeatPlayer maker;
    SeatPlayer opponent;
    std::string made_for = {}; // GameRecord::made_for: "seek:ID", "challenge:ID"
    bool berserkable = false;  // an arena's game whose players may go berserk (GameClock)
};

// Who a requester is in a game, for its chat (chat_service.h).
struct GameSeating {
    bool online = false;
    bool over = false;
    // The seat the token holds, else the one the requester's cookie sits at; none: not seated.
    std::optional<Color> seat;
    // Who sits at each seat: their player key (empty: not known, a game made by an invite
    // link) and the name they are shown by.
    std::array<std::string, 2> keys;
    std::array<std::string, 2> names;
    std::array<bool, 2> bots{}; // the seat's player is a bot account
};

// A game as an export shows it (GET /game/export/{id}): its record, its state and the core
// game, all of one version.
struct ExportedGame {
    GameRecord record;
    GameView view;
    Game game;
};

// GET /api/info: what this server offers.
struct ServerInfo {
    bool engine = false;
    std::vector<EngineLevel> levels;
    std::int64_t claim_after_ms = 0;
};

class GameService {
  public:
    // `text` writes the streams' events (the HTTP edge's, http/stream_text.h).
    GameService(GameRepository& store, SearchFunction search, const Clock& clock,
                const GameStreamText& text, ServiceOptions options = {});
    ~GameService();

    ServerInfo info() const;
    // A new game, owned by `maker` (GameRecord::owner); the view holds the maker's seat (an
    // online game, with its invite link) or the owner's token (a local game).
    GameView create(const CreateGame& command, const Player& maker = {},
                    const std::optional<Pairing>& pairing = std::nullopt);
    // The games list: "saved games" (on a server open to others, only the viewer's own) or,
    // with public_only, the online games anyone may watch.
    std::vector<GameListing> list(int limit, int offset, const Player& viewer = {},
                                  bool public_only = false);
    // The games the filter lets through (GameRepository::list), for an export: each is shown
    // only as exported() allows.
    std::vector<GameListing> list_where(int limit, int offset, const GameListFilter& filter) {
        return store_.list(limit, offset, filter);
    }
    // "My games" (my_games.h): the online games the viewer sits at, their turn first.
    std::vector<MyGame> my_games(int limit, int offset, const Player& viewer);
    // The game as stored now, read afresh (not the copy in memory); none when it is gone.
    std::optional<GameRecord> stored_game(std::int64_t id) { return store_.load(id); }
    // The game as `who` sees it: with the seat their token holds, and for the owner of a
    // local game its token.
    GameView get(std::int64_t id, const Actor& who);
    // Deletes a local game; answers its id.
    std::int64_t remove(std::int64_t id, const Actor& who);
    // The actions (game_commands.h); `who` asks (game_actor.h). Each answers the game's new
    // state with the actor's seat.
    GameView play(std::int64_t id, const PlayCommand& command, const Actor& who);
    GameView undo(std::int64_t id, const UndoCommand& command, const Actor& who);
    GameView resign(std::int64_t id, const ResignCommand& command, const Actor& who);
    GameView draw(std::int64_t id, const OfferCommand& command, const Actor& who);
    GameView takeback(std::int64_t id, const OfferCommand& command, const Actor& who);
    GameView abort(std::int64_t id, const Actor& who);
    // With the rematch game once both asked (GameView::rematch).
    GameView rematch(std::int64_t id, const Actor& who);
    GameView claim_victory(std::int64_t id, const Actor& who);
    // The actor's side goes berserk (an arena's rule, tournaments/arena_berserk.h, which
    // decides whether and at what cost): under the game's lock `check` sees the side, the
    // plies played and whether it went berserk already, and throws to refuse; then
    // `penalty_ms` comes off that side's time and its increment stops (GameClock::go_berserk).
    using BerserkCheck = std::function<void(Color side, int plies, bool already_berserked)>;
    GameView berserk(std::int64_t id, const Actor& who, std::int64_t penalty_ms,
                     const BerserkCheck& check);
    // Takes a free seat of an online game with its invite code (anyone may).
    GameView join(std::int64_t id, const JoinCommand& command);
    GameView update_settings(std::int64_t id, const SettingsCommand& settings, const Actor& who);
    std::string pgn(std::int64_t id, const Actor& who);
    // The game for an export, read from the database and not kept in memory (an export reads
    // many old games); none when it is gone or `who` may not see it (as get()).
    std::optional<ExportedGame> exported(std::int64_t id, const Actor& who);
    // A visitor who made an account keeps their games (GameRepository::transfer_games).
    void adopt_games(const std::string& visitor_key, const std::string& account_key);

    // Opens the game's event stream (`open_stream`, called once the requester may watch):
    // first the state now, then every change.
    void open_events(std::int64_t id, const Actor& who,
                     const std::function<std::shared_ptr<EventSink>()>& open_stream);

    // Who the requester is in the game (a token that holds no seat: 403).
    GameSeating seating(std::int64_t id, const Actor& who);
    // The games' open event streams, for events that are not the game's state (the chat).
    GameEvents& streams() { return events_; }

    bool engine_available() const;
    // Claims the game's search and queues it on the engine threads; its progress lines and
    // the state after its move go to `replies`. Full queue: 503; `client` has its share of
    // the engine threads already: 429. A client that hangs up stops it.
    void engine_move(std::int64_t id, const EngineMoveCommand& command,
                     const std::shared_ptr<SearchReplies<GameView>>& replies, const Actor& who,
                     const std::string& client);
    // POST .../engine/stop: whoever may ask the engine to move may stop it.
    bool stop_engine(std::int64_t id, const Actor& who);
    // Asks a running search on that game to end now; false if none runs.
    bool stop_engine(std::int64_t id);
    int max_engine_ms() const { return options_.max_engine_ms; }

    // Gives every game whose flag has fallen by now its result (loss on time, or the
    // draw / promoteking conversion of RULES 4.11). The watcher thread calls it; tests too.
    void settle_due_flags();
    // Runs settle_due_flags in a thread, woken at the next flag fall; while a clock runs it
    // also notes that the server is alive about once a second (note_alive).
    void start_flag_watcher();
    // Stores the instant now as one when this server ran: at the next start, running clocks
    // are not charged for the time after it (GameRepository::credit_downtime). The watcher and
    // shutdown() call it; tests too.
    void note_alive();
    // Sends the streams' events that are due now (changes, coalesced presence) on the
    // caller's thread; a thread of the service does it too. For tests on a manual clock.
    void send_live_updates();

    // Stops searches, the flag watcher and the engine threads, and closes every stream.
    void shutdown();
    // Runs first in shutdown(), before the engine threads stop: for others' searches.
    void on_shutdown(std::function<void()> hook);
    // The engine threads and search, shared with analyses (AnalysisService).
    TaskPool& engine_threads();
    const SearchFunction& search_function() const;
    // The clock the service reads the time on.
    const Clock& clock() const { return clock_; }
    // The bus changes are told on (the options' one, else this service's own in memory).
    EventBus& event_bus() const { return *bus_; }

    // The games held in memory, most recently used first (for tests of the cache).
    std::vector<std::int64_t> cached_games();

  private:
    // A change of the loaded game by the acting side.
    using Change = std::function<void(LoadedGame& game, std::optional<Color> actor)>;
    // Runs `change` on the loaded game under its lock, stores the result (compare-and-set
    // on the version; on a conflict the game is read again and `change` runs again),
    // publishes it and answers the new state with the actor's seat. `change` may throw
    // ApiError only before it changes anything. `change` gets the acting side (seat_checks.h:
    // acting_side).
    GameView change_game(std::int64_t id, const Actor& actor, const Change& change);
    // Stores `game` as changed and announces it; false when another process changed it first
    // (the copy in memory is dropped then). A game gone from the database is a 404.
    bool store_change(std::int64_t id, GameSlot& slot, LoadedGame& game, std::size_t stored_moves);
    // If the running side's flag fell by `now`, ends the game on time and stores it.
    bool settle_flag(std::int64_t id, GameSlot& slot, LoadedGame& game, std::int64_t now);
    void track_flag(const LoadedGame& game);
    // The game's view for its streams, at least at version `announced` (LiveUpdates::ReadView);
    // none if it is gone.
    std::shared_ptr<const GameView> view_for_streams(std::int64_t id, std::int64_t announced);
    GameView view_of(const LoadedGame& game, std::optional<Color> seat) const;
    // `view` of `game` with the seat's link when a seat is given.
    GameView seated(GameView view, const LoadedGame& game, std::optional<Color> seat) const;
    // On a server open to others, a local game is shown only to the player who made it, or
    // to whoever has its token (shared with them); to others it does not exist (404).
    void require_visible(const LoadedGame& game, const Actor& who) const;
    bool visible(const GameRecord& record, const Actor& who) const;
    EngineTicket begin_engine_move(std::int64_t id, const EngineMoveCommand& command,
                                   const Actor& who);
    GameView run_engine_move(EngineTicket& ticket,
                             const std::function<void(const SearchLine&)>& on_progress);
    SeatView seat_view(std::int64_t id, Color side, const std::string& token) const;
    std::int64_t create_rematch(const LoadedGame& game);

    GameRepository& store_;
    const Clock& clock_;
    ServiceOptions options_;
    GameEvents events_;
    std::unique_ptr<EventBus> own_bus_; // when the options give none
    EventBus* bus_;
    std::unique_ptr<LiveUpdates> live_;
    std::unique_ptr<GameCache> cache_;
    std::unique_ptr<FlagWatcher> flags_;
    std::unique_ptr<EngineJobs> engine_;
    std::mutex shutdown_hooks_mutex_;
    std::vector<std::function<void()>> shutdown_hooks_;
};

} // namespace evo::app
