#include "arena_service.h"

#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "app/lobby/offer.h"
#include "app/ratings/rated_games.h"
#include "arena_berserk.h"
#include "arena_pairing.h"
#include "arena_waiting.h"
#include "core/variant.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace evo::app {

namespace {

std::string made_for_of(std::int64_t id) {
    return "tournament:" + std::to_string(id);
}

GameListFilter games_of(std::int64_t id, std::optional<bool> finished) {
    GameListFilter filter;
    filter.online_only = true;
    filter.made_for = made_for_of(id);
    filter.finished = finished;
    filter.newest_made_first = true;
    return filter;
}

constexpr int max_listed_games = 100'000;

// A name shown in lists: printable, at most 30 bytes (lichess's bound).
void check_name(const std::string& name) {
    if (name.size() > 30) throw bad_request("name: at most 30 characters");
    for (unsigned char c : name)
        if (c < 0x20 || c == 0x7f) throw bad_request("name: no control characters");
}

// The event a game was made for ("tournament:ID"); none: not an arena game.
std::optional<std::int64_t> event_of(const GameRecord& game) {
    const std::string prefix = "tournament:";
    if (game.made_for.rfind(prefix, 0) != 0) return std::nullopt;
    try {
        return std::stoll(game.made_for.substr(prefix.size()));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

ArenaGameResult result_of(const GameRecord& game) {
    ArenaGameResult result;
    result.game_id = game.id;
    if (game.seat_players[0]) result.white = game.seat_players[0]->key;
    if (game.seat_players[1]) result.black = game.seat_players[1]->key;
    const std::string& score = game.summary.result.value_or("");
    if (score == "1-0") result.winner = White;
    if (score == "0-1") result.winner = Black;
    result.plies = int(game.moves_uci.size());
    if (game.clock) {
        result.white_berserked = game.clock->berserked[0];
        result.black_berserked = game.clock->berserked[1];
    }
    return result;
}

} // namespace

ArenaService::ArenaService(ArenaRepository& arenas, GameService& games, AccountRepository* accounts,
                           const Clock& clock, ArenaServiceOptions options)
    : arenas_(arenas), games_(games), accounts_(accounts), clock_(clock),
      options_(std::move(options)) {}

ArenaService::~ArenaService() {
    stop();
}

void check_arena_settings(const ArenaSettings& settings, int max_minutes) {
    if (!find_variant(settings.variant))
        throw bad_request("unknown variant: " + settings.variant.substr(0, 40));
    if (settings.clock.base_seconds < 0 || settings.clock.increment_seconds < 0)
        throw bad_request("the clock's time and increment are not negative");
    if (settings.clock.base_seconds == 0)
        throw bad_request("clockTime: a game here starts with some time on the clock (at least "
                          "1 second)");
    if (auto invalid = invalid_clock_settings(clock_settings_of(settings.clock)))
        throw bad_request(std::string("clock: ") + *invalid);
    if (settings.minutes < 1 || settings.minutes > max_minutes)
        throw bad_request("minutes: from 1 to " + std::to_string(max_minutes));
    check_name(settings.name);
}

ArenaRecord ArenaService::create(const ArenaRequest& request, const AccountRecord& maker) {
    check_arena_settings(request, options_.max_minutes);
    const Variant* variant = find_variant(request.variant);
    Player player;
    player.account_key = account_owner_key(maker.id);
    GameOffer offer;
    offer.variant = request.variant;
    offer.rated = request.rated;
    check_game_offer(offer, player);
    const std::int64_t now = clock_.now_ms();
    ArenaRecord record;
    static_cast<ArenaSettings&>(record) = request;
    if (record.name.empty()) record.name = std::string(variant->display_name) + " Arena";
    record.berserkable = request.berserkable && clock_allows_berserk(request.clock);
    record.created_by = player.owner_key();
    record.created_by_name = maker.name;
    record.created_ms = now;
    if (request.starts_ms) {
        if (*request.starts_ms < now - 60'000) throw bad_request("startDate: that time has passed");
        record.starts_ms = std::max(now, *request.starts_ms);
    } else {
        const int wait = request.wait_minutes.value_or(5);
        if (wait < 0 || wait > 360) throw bad_request("waitMinutes: from 0 to 360");
        record.starts_ms = now + std::int64_t{wait} * 60'000;
    }
    if (record.starts_ms > now + 30LL * 24 * 3600 * 1000)
        throw bad_request("startDate: at most 30 days ahead");
    arenas_.insert(record);
    return record;
}

ArenaLists ArenaService::list(int limit_each) {
    return {arenas_.list(ArenaStatus::Created, limit_each),
            arenas_.list(ArenaStatus::Started, limit_each),
            arenas_.list(ArenaStatus::Finished, limit_each)};
}

ArenaRecord ArenaService::find_or_404(std::int64_t id) {
    auto arena = arenas_.find(id);
    if (!arena) throw not_found("there is no tournament " + std::to_string(id));
    return *arena;
}

ArenaView ArenaService::view(std::int64_t id, const std::string& viewer) {
    ArenaView view;
    view.record = find_or_404(id);
    std::vector<ArenaEntrant> entrants = arenas_.entrants(id);
    std::vector<ArenaGameResult> results = arenas_.results(id);
    view.standings = arena_standings(view.record, entrants, results);
    view.active_players = int(std::count_if(entrants.begin(), entrants.end(),
                                            [](const ArenaEntrant& e) { return !e.withdrawn; }));
    if (view.record.status != ArenaStatus::Started) return view;
    for (const GameListing& game : games_.list_where(max_listed_games, 0, games_of(id, false))) {
        view.running_games.push_back(game.id);
        if (viewer.empty() || view.viewer_game) continue;
        for (Color side : {White, Black}) {
            const auto& seat = game.seat_players[std::size_t(side)];
            if (!seat || seat->key != viewer) continue;
            if (auto record = games_.stored_game(game.id)) {
                view.viewer_game = game.id;
                view.viewer_token = record->seats.tokens[std::size_t(side)];
            }
        }
    }
    return view;
}

void ArenaService::join(std::int64_t id, const AccountRecord& account) {
    ArenaRecord arena = find_or_404(id);
    if (arena.status == ArenaStatus::Finished) throw bad_request("this tournament is finished");
    if (account.bot && !arena.allow_bots) throw forbidden("bots may not join this tournament");
    const std::string key = account_owner_key(account.id);
    SeatPlayer now = seat_player_now(accounts_, key, account.name, arena.variant);
    ArenaEntrant entrant;
    entrant.player = key;
    entrant.name = account.name;
    entrant.rating = int(now.rating.value_or(1500) + 0.5);
    entrant.provisional = now.provisional;
    entrant.bot = account.bot;
    entrant.joined_ms = clock_.now_ms();
    arenas_.join(id, entrant);
}

void ArenaService::withdraw(std::int64_t id, const AccountRecord& account) {
    ArenaRecord arena = find_or_404(id);
    if (arena.status == ArenaStatus::Finished) throw bad_request("this tournament is finished");
    if (!arenas_.withdraw(id, account_owner_key(account.id)))
        throw bad_request("you are not playing in this tournament");
}

void ArenaService::terminate(std::int64_t id, const AccountRecord& account) {
    ArenaRecord arena = find_or_404(id);
    if (arena.created_by != account_owner_key(account.id))
        throw forbidden("only the tournament's maker may end it");
    if (arena.status == ArenaStatus::Finished) throw bad_request("this tournament is finished");
    if (!arenas_.advance(id, arena.status, ArenaStatus::Finished, clock_.now_ms()))
        throw conflict("the tournament changed meanwhile: try again");
}

GameView ArenaService::berserk(std::int64_t game_id, const Actor& who) {
    auto game = games_.stored_game(game_id);
    if (!game) throw not_found("there is no game " + std::to_string(game_id));
    auto event = event_of(*game);
    std::optional<ArenaRecord> arena = event ? arenas_.find(*event) : std::nullopt;
    if (!arena) throw bad_request(berserk_refusal_text(BerserkRefusal::NotInEvent));
    BerserkRequest request;
    request.event_allows_berserk = arena->berserkable; // stored with B1 applied
    const std::int64_t penalty_ms = berserk_penalty_ms(arena->clock);
    return games_.berserk(game_id, who, penalty_ms, [&](Color side, int plies, bool already) {
        request.player_is_white = side == White;
        request.plies_played = plies;
        request.already_berserked = already;
        if (auto refusal = berserk_refusal(request))
            throw bad_request(berserk_refusal_text(*refusal));
    });
}

std::vector<GameListing> ArenaService::games(std::int64_t id) {
    find_or_404(id);
    std::vector<GameListing> games = games_.list_where(max_listed_games, 0, games_of(id, {}));
    std::reverse(games.begin(), games.end());
    return games;
}

bool ArenaService::tick() {
    std::lock_guard lock(tick_mutex_);
    const std::int64_t now = clock_.now_ms();
    if (!arenas_.lead(options_.holder, now, options_.lease_ms)) {
        running_seen_.clear(); // another process pairs: what was seen here goes stale
        announced_.clear();
        return false;
    }
    try {
        announce_scheduled(now);
    } catch (const std::exception& failure) {
        log_fault("tournament schedule", failure.what());
    }
    for (const ArenaRecord& due : arenas_.list(ArenaStatus::Created, 1000)) {
        if (due.starts_ms > now) break;
        arenas_.advance(due.id, ArenaStatus::Created, ArenaStatus::Started, now);
    }
    for (const ArenaRecord& arena : arenas_.list(ArenaStatus::Started, 1000)) {
        try {
            run_event(arena, now);
        } catch (const std::exception& failure) {
            log_fault("tournament " + std::to_string(arena.id), failure.what());
        }
    }
    return true;
}

void ArenaService::announce_scheduled(std::int64_t now) {
    if (options_.schedule.empty()) return;
    // Each entry's announce time bounds how far ahead it goes.
    std::set<std::string> due;
    for (ArenaSlot& slot :
         arena_slots(options_.schedule, now, std::numeric_limits<std::int64_t>::max())) {
        due.insert(slot.schedule_key);
        if (announced_.count(slot.schedule_key)) continue;
        ArenaRecord record;
        static_cast<ArenaSettings&>(record) = slot.settings;
        record.berserkable = record.berserkable && clock_allows_berserk(record.clock);
        record.created_by = "";
        record.created_by_name = options_.schedule_maker;
        record.created_ms = now;
        record.starts_ms = slot.starts_ms;
        record.schedule_key = slot.schedule_key;
        arenas_.insert_scheduled(record); // false: stored before (a restart, another holder)
    }
    // A slot that has begun is never asked for again: only the keys still ahead are kept.
    announced_ = std::move(due);
}

void ArenaService::run_event(const ArenaRecord& arena, std::int64_t now) {
    std::vector<GameListing> running = note_ended_games(arena, now);
    if (now >= arena.finishes_ms()) {
        // Games still running now count nothing (S9): no result is noted after this.
        arenas_.advance(arena.id, ArenaStatus::Started, ArenaStatus::Finished, now);
        running_seen_.erase(arena.id);
        return;
    }
    pair_wave(arena, running, now);
}

std::vector<GameListing> ArenaService::note_ended_games(const ArenaRecord& arena,
                                                        std::int64_t now) {
    std::vector<GameListing> running =
        games_.list_where(max_listed_games, 0, games_of(arena.id, false));
    std::set<std::int64_t> running_now;
    for (const GameListing& game : running) running_now.insert(game.id);
    std::vector<std::int64_t> ended;
    auto seen = running_seen_.find(arena.id);
    if (seen == running_seen_.end()) {
        // First pass here (a start, or the lease taken over): every finished game of the
        // event whose result is not noted yet.
        std::set<std::int64_t> noted;
        for (const ArenaGameResult& result : arenas_.results(arena.id))
            noted.insert(result.game_id);
        for (const GameListing& game :
             games_.list_where(max_listed_games, 0, games_of(arena.id, true)))
            if (!noted.count(game.id)) ended.push_back(game.id);
    } else {
        for (std::int64_t id : seen->second)
            if (!running_now.count(id)) ended.push_back(id);
    }
    std::sort(ended.begin(), ended.end());
    for (std::int64_t id : ended) {
        auto game = games_.stored_game(id);
        if (!game || !game->summary.result) continue;
        // An aborted game (no result that counts) is no game of the event.
        if (*game->summary.result == "*") continue;
        ArenaGameResult result = result_of(*game);
        result.ended_ms = now;
        arenas_.note_result(arena.id, result);
    }
    running_seen_[arena.id] = std::move(running_now);
    return running;
}

void ArenaService::pair_wave(const ArenaRecord& arena, const std::vector<GameListing>& running,
                             std::int64_t now) {
    std::vector<ArenaEntrant> entrants = arenas_.entrants(arena.id);
    std::vector<ArenaGameResult> results = arenas_.results(arena.id);
    std::set<std::string> playing;
    for (const GameListing& game : running)
        for (const auto& seat : game.seat_players)
            if (seat) playing.insert(seat->key);
    std::map<std::string, std::int64_t> last_ended;
    std::map<std::string, std::string> last_opponent;
    std::map<std::string, ColourHistory> colours;
    for (const ArenaGameResult& result : results) {
        last_ended[result.white] = std::max(last_ended[result.white], result.ended_ms);
        last_ended[result.black] = std::max(last_ended[result.black], result.ended_ms);
        last_opponent[result.white] = result.black;
        last_opponent[result.black] = result.white;
        colours[result.white] = colour_history_after(colours[result.white], true);
        colours[result.black] = colour_history_after(colours[result.black], false);
    }
    std::vector<StandingRow> standings = arena_standings(arena, entrants, results);
    std::map<std::string, const StandingRow*> row_of;
    for (const StandingRow& row : standings) row_of[row.entrant.player] = &row;
    std::map<std::string, ArenaPlayerId> id_of;
    for (const ArenaEntrant& entrant : entrants) id_of[entrant.player] = entrant.id;

    int active = 0;
    std::vector<WaitingPlayer> waiting;
    for (const ArenaEntrant& entrant : entrants) {
        if (entrant.withdrawn) continue;
        ++active;
        if (playing.count(entrant.player)) continue;
        waiting.push_back({entrant.id, std::max(entrant.joined_ms, last_ended[entrant.player])});
    }
    WaitingState state;
    state.waiting = waiting;
    state.now_ms = now;
    state.had_pairings = !results.empty() || !running.empty();
    if (active <= options_.small_event_players) state.small_event_active_players = active;
    if (!arena_should_pair(state, arena.clock)) return;

    std::vector<ArenaPlayerId> to_pair = arena_players_to_pair(waiting);
    std::map<ArenaPlayerId, const ArenaEntrant*> entrant_of;
    for (const ArenaEntrant& entrant : entrants) entrant_of[entrant.id] = &entrant;
    std::vector<PairingCandidate> candidates;
    for (ArenaPlayerId id : to_pair) {
        const ArenaEntrant& entrant = *entrant_of.at(id);
        PairingCandidate candidate;
        candidate.player = id;
        candidate.rank = row_of.at(entrant.player)->rank;
        candidate.rating = entrant.rating;
        candidate.colours = colours[entrant.player];
        if (auto last = last_opponent.find(entrant.player); last != last_opponent.end())
            if (auto opponent = id_of.find(last->second); opponent != id_of.end())
                candidate.last_opponent = opponent->second;
        candidate.waiting_since_ms = std::max(entrant.joined_ms, last_ended[entrant.player]);
        candidates.push_back(candidate);
    }
    ArenaPairingInput input;
    input.waiting = candidates;
    input.recently_started = now - arena.starts_ms < options_.recently_started_ms;
    input.only_two_active = active == 2;
    input.seed = std::uint64_t(arena.id) * 1'000'003u + results.size() + running.size();
    for (const ArenaPair& pair : arena_pairings(input))
        make_game(arena, *entrant_of.at(pair.white), *entrant_of.at(pair.black));
}

void ArenaService::make_game(const ArenaRecord& arena, const ArenaEntrant& white,
                             const ArenaEntrant& black) {
    GameOffer offer;
    offer.variant = arena.variant;
    const ClockSettings clock = clock_settings_of(arena.clock);
    offer.clock_initial_ms = clock.initial_ms;
    offer.clock_increment_ms = clock.increment_ms;
    offer.rated = arena.rated;
    offer.colour = ColourChoice::White;
    Pairing pairing{
        arena.rated, seat_player_now(accounts_, white.player, white.name, arena.variant),
        seat_player_now(accounts_, black.player, black.name, arena.variant), made_for_of(arena.id)};
    pairing.berserkable = arena.berserkable;
    PairedGame game = make_paired_game(games_, offer, white.player, pairing);
    // Seen running from now on, so that its end is noted even if it ends before the next pass.
    running_seen_[arena.id].insert(game.id);
    // Both players' pages and event streams are taken to the game.
    games_.event_bus().publish_lobby({LobbyChange::TournamentGame, game.id, LobbyRemoval::None});
}

void ArenaService::start() {
    std::lock_guard lock(thread_mutex_);
    if (thread_.joinable()) return;
    stopping_ = false;
    thread_ = std::thread([this] {
        std::unique_lock lock(thread_mutex_);
        while (!stopping_) {
            lock.unlock();
            try {
                tick();
            } catch (const std::exception& failure) {
                log_fault("tournaments", failure.what());
            }
            lock.lock();
            wake_.wait_for(lock, std::chrono::milliseconds(options_.tick_ms),
                           [this] { return stopping_; });
        }
    });
}

void ArenaService::stop() {
    {
        std::lock_guard lock(thread_mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

} // namespace evo::app
