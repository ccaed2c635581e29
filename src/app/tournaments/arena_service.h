// Arenas on the site (docs/tournaments.md, "The arena service"): an account makes one (a
// variant, a clock, a length, a start), accounts join and withdraw, and one process at a time
// (the holder of the pairing lease, ArenaRepository::lead) runs it: it starts the event at its
// hour, pairs the waiting players in waves by lichess's rules (arena_waiting.h,
// arena_pairing.h), makes each pair an ordinary online game made for the event (rated when the
// event is), notes how each game ended, and finishes the event at its end; games still running
// then count nothing. The standings are the scoring rules applied to the noted results
// (arena_standings.h). Failures are ApiErrors: 400 impossible settings or a finished event,
// 401 no account, 403 not the maker or a bot where bots may not play, 404 no such event.
#pragma once

#include "app/accounts/identity.h"
#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/game/service.h"
#include "arena_repository.h"
#include "arena_schedule.h"
#include "arena_standings.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace evo::app {

// POST /api/tournament, read at the HTTP edge: the settings and when it starts (an instant,
// or minutes from now; neither: in 5 minutes, as lichess).
struct ArenaRequest : ArenaSettings {
    std::optional<std::int64_t> starts_ms;
    std::optional<int> wait_minutes;
};

struct ArenaLists {
    std::vector<ArenaRecord> created;
    std::vector<ArenaRecord> started;
    std::vector<ArenaRecord> finished;
};

// An event as its page and GET /api/tournament/{id} show it.
struct ArenaView {
    ArenaRecord record;
    std::vector<StandingRow> standings; // every entrant, ranked
    int active_players = 0;             // joined and not withdrawn
    // The viewer's game running in the event now, with their seat's token (their page
    // takes them there); none: not playing now, or not known.
    std::optional<std::int64_t> viewer_game;
    std::string viewer_token;
    std::vector<std::int64_t> running_games; // the event's games being played, newest first
};

struct ArenaServiceOptions {
    // This process's name for the pairing lease (a random one per process).
    std::string holder;
    std::int64_t lease_ms = 10'000;
    // The pairing process runs this often (start()).
    std::int64_t tick_ms = 1'000;
    // lila pairs neighbours at once in an event's first seconds (P6).
    std::int64_t recently_started_ms = 15'000;
    // An event of at most this many active players is "small" (W2's two thirds).
    int small_event_players = 20;
    int max_minutes = 720;
    // The site's own events (arena_schedule.h), announced by the pairing process; their maker
    // is shown as `schedule_maker`.
    std::vector<ScheduledArena> schedule;
    std::string schedule_maker = "evochess";
};

// Refuses (ApiError 400) settings no event can have: an unknown variant, a clock a game here
// cannot have, a length outside 1..max_minutes, a name too long or with control characters.
void check_arena_settings(const ArenaSettings& settings, int max_minutes);

class ArenaService {
  public:
    ArenaService(ArenaRepository& arenas, GameService& games, AccountRepository* accounts,
                 const Clock& clock, ArenaServiceOptions options);
    ~ArenaService();
    ArenaService(const ArenaService&) = delete;
    ArenaService& operator=(const ArenaService&) = delete;

    // Makes the event, by an account.
    ArenaRecord create(const ArenaRequest& request, const AccountRecord& maker);
    ArenaLists list(int limit_each = 30);
    // The event and its standings as the viewer (a player key; empty: anyone) sees it.
    ArenaView view(std::int64_t id, const std::string& viewer = "");
    // Joins (or, after a withdrawal, rejoins) the account; a finished event: 400.
    void join(std::int64_t id, const AccountRecord& account);
    // Withdraws the account (its score stays; it is not paired until it joins again).
    void withdraw(std::int64_t id, const AccountRecord& account);
    // The maker ends the event now (one not started yet is finished with no game).
    void terminate(std::int64_t id, const AccountRecord& account);
    // How many joined the event (withdrawn ones too).
    int player_count(std::int64_t id) { return int(arenas_.entrants(id).size()); }
    // The actor's side of an arena game goes berserk (arena_berserk.h): half its time (or,
    // where the base is under 40 x the increment, none of it) and no increment. 400: not an
    // arena game, an event or clock without berserk, after the side's first move, twice, or
    // once the game is over; 404: no such game.
    GameView berserk(std::int64_t game_id, const Actor& who);
    // The games made for the event, in the order they were made.
    std::vector<GameListing> games(std::int64_t id);

    // One pass of the pairing process at the clock's now: takes or keeps the lease, and if
    // it holds it starts the events due, notes the games that ended, pairs a wave where one
    // is due and finishes the events whose time is up. Answers whether it held the lease.
    // The thread calls it; tests too.
    bool tick();
    void start();
    void stop();

  private:
    ArenaRecord find_or_404(std::int64_t id);
    // Stores the scheduled events due to be announced by now (once each, by their key).
    void announce_scheduled(std::int64_t now);
    void run_event(const ArenaRecord& arena, std::int64_t now);
    // Notes the results of the event's games that ended since the last pass; answers the
    // games still running.
    std::vector<GameListing> note_ended_games(const ArenaRecord& arena, std::int64_t now);
    void pair_wave(const ArenaRecord& arena, const std::vector<GameListing>& running,
                   std::int64_t now);
    void make_game(const ArenaRecord& arena, const ArenaEntrant& white, const ArenaEntrant& black);

    ArenaRepository& arenas_;
    GameService& games_;
    AccountRepository* accounts_;
    const Clock& clock_;
    ArenaServiceOptions options_;
    // Per event this process pairs: the games it saw running at its last pass.
    std::map<std::int64_t, std::set<std::int64_t>> running_seen_;
    // The scheduled events this process stored or found stored while it held the lease.
    std::set<std::string> announced_;
    std::mutex tick_mutex_;

    std::mutex thread_mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
