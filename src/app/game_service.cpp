#include "game_service.h"

#include "api_error.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core_games.h"
#include "declared_result.h"
#include "engine_refusal.h"
#include "fault_log.h"
#include "game_json.h"
#include "glicko2.h"
#include "http/event_text.h"
#include "http/json_answer.h"
#include "in_memory_event_bus.h"
#include "json_fields.h"
#include "live_updates.h"
#include "my_games.h"
#include "seat_tokens.h"

#include <algorithm>
#include <optional>

namespace evo::app {

using nlohmann::json;

struct LoadedGame {
    LoadedGame(GameRecord record_, Game game_)
        : record(std::move(record_)), game(std::move(game_)), notation(game.start_position()) {}

    GameRecord record;
    Game game; // its outside result is always the record's declared result
    // A cache of text for the JSON edge; the slot's lock guards it like the rest.
    mutable NotatedHistory notation;
    // Set by a change that finds nothing to do (an offer that already stands): change_game
    // then answers the state without storing or publishing it.
    bool unchanged = false;
};

struct GameSlot {
    std::mutex mutex;
    std::optional<LoadedGame> game;
    bool deleted = false;
    std::atomic<bool> searching{false};
    std::atomic<bool> stop{false};
};

namespace {

constexpr int default_engine_movetime_ms = 1000;
constexpr int max_undo_plies = 100000;
constexpr int max_lag_ms = 60000;
// While a clock runs, the server notes it is alive this often: after a crash, the running
// clocks are credited the downtime from the last note (so up to this much too generously).
constexpr std::int64_t alive_note_interval_ms = 1000;
// A game nobody watches is forgotten by GameEvents after this long (or the claim wait if
// longer): until then its players' "away" times are exact, later they count from the start.
constexpr std::int64_t forget_unwatched_games_after_ms = 60 * 60 * 1000;
// How often the flags stored by all processes are read again (read_stored_flags): a clock
// started on another process is called here at most this late if that process is gone.
constexpr std::int64_t stored_flags_interval_ms = 5000;
// How often a change is tried again when another server process changed the game first.
constexpr int max_change_attempts = 4;

std::string game_name(std::int64_t id) {
    return "game " + std::to_string(id);
}

char side_letter(int side) {
    return side == 0 ? 'w' : 'b';
}

int side_index(char side) {
    return side == 'w' ? 0 : 1;
}

char other_side(char side) {
    return side == 'w' ? 'b' : 'w';
}

char turn_of(const LoadedGame& game) {
    return game.game.position().side_to_move() == White ? 'w' : 'b';
}

bool is_over(const LoadedGame& game) {
    return app::is_over(game.game, game.record.declared_result);
}

void require_game_in_progress(const LoadedGame& game) {
    if (!is_over(game)) return;
    GameSummary summary = summarize(game.game, game.record.declared_result);
    throw unprocessable("the game is over (" + summary.result.value_or("*") + ", " +
                        summary.reason.value_or("") + ")");
}

void require_online(const LoadedGame& game, const char* what) {
    if (!game.record.online) throw conflict(std::string(what) + " is for online games");
}

// The acting side of a change anyone may make (joining): no seat at all.
constexpr int no_seat = -2;

// Who acts: the seat (0 White, 1 Black) whose token came with the request, or -1 for the
// owner of a local game, who plays both sides. No token where one is needed: 401; a token
// that is no seat's: 403.
int acting_side(const LoadedGame& game, const SeatToken& token, bool local_needs_token) {
    const Seats& seats = game.record.seats;
    if (!game.record.online) {
        if (!token && !local_needs_token) return -1;
        if (!token) throw ApiError(ErrorKind::Unauthorized, "send the game's token");
        if (seats.tokens[0].empty() || !tokens_equal(*token, seats.tokens[0]))
            throw forbidden("that token is not this game's");
        return -1;
    }
    if (!token)
        throw ApiError(ErrorKind::Unauthorized,
                       "this is an online game: send your seat's token (Authorization: Bearer "
                       "...)");
    for (int side = 0; side < 2; ++side)
        if (!seats.tokens[std::size_t(side)].empty() &&
            tokens_equal(*token, seats.tokens[std::size_t(side)]))
            return side;
    throw forbidden("that token holds no seat in this game");
}

// The seat of an online game whose holder is asking: by the seat's token (one that is no
// seat's: 403), else by the player (account or visitor cookie) seated there; none for a
// spectator. A player reading
// the game without their token (a second tab) is still that player, for the chat's rooms.
std::optional<int> viewer_seat(const LoadedGame& game, const SeatToken& token,
                               const Player& viewer) {
    if (!game.record.online) return std::nullopt;
    if (token) return acting_side(game, token, true); // a token that is no seat's: 403
    for (int side = 0; side < 2; ++side) {
        const auto& player = game.record.seat_players[std::size_t(side)];
        if (player && !player->key.empty() && viewer.owns(player->key)) return side;
    }
    return std::nullopt;
}

// The side an action is for: the seat's own, or for the owner of a local game the one the
// body names (else the side to move).
char side_for(const LoadedGame& game, int actor, const json& body) {
    if (actor >= 0) return side_letter(actor);
    return optional_side(body, "side").value_or(turn_of(game));
}

// Loads the game into its slot if it is not there yet. The slot's lock must be held.
LoadedGame& ensure_loaded(GameSlot& slot, GameRepository& store, std::int64_t id) {
    if (slot.deleted) throw not_found("there is no " + game_name(id));
    if (slot.game) return *slot.game;
    auto record = store.load(id);
    if (!record) throw not_found("there is no " + game_name(id));
    // The storage edge: the stored UCI moves become core moves again.
    Result<Game> replayed = replay_game(record->variant, record->start_fen, record->moves_uci);
    if (!replayed)
        throw conflict("the stored " + game_name(id) +
                       " cannot be replayed by the rules core: " + replayed.error());
    apply_declared_result(*replayed, record->declared_result);
    slot.game.emplace(std::move(*record), std::move(*replayed));
    return *slot.game;
}

// The JSON edge of a move: exactly one of "uci" or "san", read in the game's position.
Move move_from_text(const LoadedGame& game, const std::string& text, bool is_san) {
    const Position& position = game.game.position();
    Result<Move> move = is_san ? parse_san_move(position, text) : parse_uci_move(position, text);
    if (!move) throw unprocessable(move.error()); // names the move and what is wrong
    return *move;
}

void play_move(LoadedGame& game, Move move) {
    char mover = turn_of(game);
    game.game.play(move);
    if (game.record.draw_offer == other_side(mover)) game.record.draw_offer.reset();
    game.record.takeback_offer.reset();
}

void declare(LoadedGame& game, DeclaredResult result) {
    game.record.declared_result = std::move(result);
    apply_declared_result(game.game, game.record.declared_result);
    game.record.draw_offer.reset();
    game.record.takeback_offer.reset();
}

// Takes back the last `plies` moves; a declared result goes with them. The side to move
// runs from now; back at the start nothing runs, as before the first move.
void take_back(LoadedGame& game, std::size_t plies, std::int64_t now) {
    for (std::size_t ply = 0; ply < plies; ++ply) game.game.undo(); // drops an outside result
    game.record.declared_result.reset();
    if (!game.record.clock) return;
    std::optional<int> runs;
    if (!game.game.moves().empty()) runs = side_index(turn_of(game));
    game.record.clock->restart_for(runs, now);
}

// The PGN edge: the game with the tags this server keeps.
std::string game_pgn(const Game& game, const std::map<std::string, std::string>& tags) {
    return to_pgn(game, PgnTags(tags.begin(), tags.end()));
}

// An imported PGN's tags, less those the PGN writer makes again from the game itself.
std::map<std::string, std::string> kept_pgn_tags(const PgnTags& tags) {
    std::map<std::string, std::string> kept;
    for (const auto& [name, value] : tags)
        if (name != "Variant" && name != "FEN" && name != "SetUp" && name != "Result" &&
            name != "Termination" && name != "Points")
            kept[name] = value;
    return kept;
}

// The PGN's Seven Tag Roster as this server knows it; an imported PGN's own tags win.
std::map<std::string, std::string> stored_tags(const GameRecord& record) {
    auto player = [&](PlayerKind kind, int side) {
        if (kind == PlayerKind::Engine) return std::string("evochess");
        return std::string(record.online ? (side == 0 ? "White player" : "Black player") : "Human");
    };
    std::map<std::string, std::string> tags = {
        {"Event", "evochess game " + std::to_string(record.id)},
        {"Site", "evochess serve"},
        {"White", player(record.players.white, 0)},
        {"Black", player(record.players.black, 1)},
    };
    // created is "2026-11-23T14:10:58Z"; PGN dates read "2026.11.23".
    if (record.created.size() >= 10) {
        std::string date = record.created.substr(0, 10);
        std::replace(date.begin(), date.end(), '-', '.');
        tags["Date"] = date;
    }
    if (record.clock && !record.clock->settings.days_per_move)
        tags["TimeControl"] = std::to_string(record.clock->settings.initial_ms / 1000) + "+" +
                              std::to_string(record.clock->settings.increment_ms / 1000);
    json parsed = json::parse(record.pgn_tags_json, nullptr, false);
    if (!parsed.is_object()) return tags;
    for (auto& [key, value] : parsed.items())
        if (value.is_string()) tags[key] = value.get<std::string>();
    return tags;
}

// The engine's think time on a clock: a share of what is left plus most of the increment,
// never so much that the flag could fall.
int movetime_on_clock(const GameClock& clock, int side, std::int64_t now) {
    std::int64_t left = clock.remaining_at(side, now);
    std::int64_t increment = clock.settings.days_per_move ? 0 : clock.settings.increment_ms;
    std::int64_t share = left / 30 + increment * 3 / 4;
    std::int64_t safe = std::max<std::int64_t>(10, left - 300);
    return int(std::clamp<std::int64_t>(std::min(share, safe), 10, max_movetime_ms));
}

} // namespace

EngineClaim& EngineClaim::operator=(EngineClaim&& other) noexcept {
    if (this != &other) {
        EngineClaim released(std::move(*this));
        slot_ = std::move(other.slot_);
    }
    return *this;
}

EngineClaim::~EngineClaim() {
    if (slot_) slot_->searching = false;
}

GameService::GameService(GameRepository& store, SearchFunction search, const Clock& clock,
                         ServiceOptions options)
    : store_(store), search_(std::move(search)), clock_(clock), options_(std::move(options)),
      events_(clock, std::max(options_.claim_after_ms, forget_unwatched_games_after_ms)) {
    std::size_t threads = options_.engine_threads;
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    std::size_t queue = options_.engine_queue ? options_.engine_queue : 2 * threads;
    engine_pool_ = std::make_unique<TaskPool>("engine", threads, queue, options_.engine_per_client);
    if (options_.max_engine_ms <= 0 || options_.max_engine_ms > max_movetime_ms)
        options_.max_engine_ms = max_movetime_ms;
    // The time the server was down is nobody's to pay: running clocks are moved on by it.
    // Storage that cannot be written now costs the players that time, not the server its start.
    try {
        store_.credit_downtime(clock_.now_ms());
    } catch (const std::exception& error) {
        log_fault("crediting the downtime to running clocks", error.what());
    }
    read_stored_flags(clock_.now_ms());
    if (options_.event_bus) {
        bus_ = options_.event_bus;
    } else {
        own_bus_ = std::make_unique<InMemoryEventBus>();
        bus_ = own_bus_.get();
    }
    live_ = std::make_unique<LiveUpdates>(
        events_, *bus_, clock_, [this](std::int64_t id) { return state_for_streams(id); },
        options_.presence_interval_ms);
    live_->start();
}

GameService::~GameService() {
    shutdown();
}

void GameService::on_shutdown(std::function<void()> hook) {
    std::lock_guard lock(shutdown_hooks_mutex_);
    shutdown_hooks_.push_back(std::move(hook));
}

void GameService::shutdown() {
    {
        std::lock_guard lock(shutdown_hooks_mutex_);
        for (const auto& hook : shutdown_hooks_) hook();
    }
    {
        std::lock_guard lock(flags_mutex_);
        stopping_ = true;
    }
    flags_changed_.notify_all();
    if (flag_watcher_.joinable()) flag_watcher_.join();
    try {
        note_alive(); // a planned restart then costs the running clocks nothing at all
    } catch (const std::exception& error) {
        log_fault("noting the server alive", error.what());
    }
    {
        std::lock_guard lock(slots_mutex_);
        for (auto& [id, slot] : lru_) slot->stop = true;
    }
    engine_pool_->stop();
    live_->stop();
    events_.close_all();
}

// --- the cache of games ---------------------------------------------------------------------

std::shared_ptr<GameSlot> GameService::slot_for(std::int64_t id) {
    std::lock_guard lock(slots_mutex_);
    if (auto it = slots_.find(id); it != slots_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second);
        return it->second->second;
    }
    lru_.emplace_front(id, std::make_shared<GameSlot>());
    slots_[id] = lru_.begin();
    evict_idle_slots();
    return lru_.front().second;
}

// Drops the least recently used slots nobody is using (no request holds one, no search
// runs on it) while there are more than the cache may keep. slots_mutex_ is held.
std::vector<std::int64_t> GameService::cached_games() {
    std::lock_guard lock(slots_mutex_);
    std::vector<std::int64_t> ids;
    for (const auto& [id, slot] : lru_) ids.push_back(id);
    return ids;
}

void GameService::evict_idle_slots() {
    for (auto it = lru_.end(); slots_.size() > options_.max_cached_games && it != lru_.begin();) {
        --it;
        if (it->second.use_count() != 1) continue;
        slots_.erase(it->first);
        it = lru_.erase(it);
    }
}

LoadedGame& GameService::load_or_forget(GameSlot& slot, std::int64_t id) {
    // The database is the truth: a copy another process has moved past is read again
    // before anything is judged or shown from it.
    if (slot.game && store_.version_of(id) != slot.game->record.version) slot.game.reset();
    try {
        LoadedGame& game = ensure_loaded(slot, store_, id);
        return game;
    } catch (const ApiError& error) {
        if (error.kind() == ErrorKind::NotFound) forget(id, slot);
        throw;
    }
}

void GameService::forget(std::int64_t id, GameSlot& slot) {
    slot.deleted = true;
    slot.game.reset();
    std::lock_guard map_lock(slots_mutex_);
    if (auto it = slots_.find(id); it != slots_.end() && it->second->second.get() == &slot) {
        lru_.erase(it->second);
        slots_.erase(it);
    }
}

// --- storing, publishing, clocks ------------------------------------------------------------

std::optional<json> GameService::store_change(std::int64_t id, GameSlot& slot, LoadedGame& game,
                                              std::size_t stored_moves) {
    SaveOutcome outcome;
    try {
        if (is_over(game) && game.record.clock) game.record.clock->stop(clock_.now_ms());
        // The storage edge: moves kept as UCI, the summary as text.
        const std::vector<NotatedMove>& notated = game.notation.follow(game.game);
        game.record.moves_uci.resize(notated.size());
        for (std::size_t ply = 0; ply < notated.size(); ++ply)
            game.record.moves_uci[ply] = notated[ply].uci;
        game.record.summary = summarize(game.game, game.record.declared_result);
        game.record.changed_ms = clock_.now_ms();
        outcome = store_.save(game.record, stored_moves);
    } catch (...) {
        // The copy in memory is ahead of the database now: read the game again next time.
        slot.game.reset();
        throw;
    }
    if (outcome == SaveOutcome::Gone) {
        forget(id, slot);
        throw not_found("there is no " + game_name(id));
    }
    if (outcome == SaveOutcome::VersionConflict) {
        slot.game.reset();
        return std::nullopt;
    }
    track_flag(game);
    // Under the game's lock, so notices of one game go out in version order; the bus's
    // listeners only queue them (LiveUpdates).
    bus_->publish({id, game.record.version});
    return state_of(game, std::nullopt);
}

void GameService::forget_flag(std::int64_t id) {
    auto it = flag_of_.find(id);
    if (it == flag_of_.end()) return;
    auto [first, last] = flag_times_.equal_range(it->second);
    for (auto entry = first; entry != last; ++entry)
        if (entry->second == id) {
            flag_times_.erase(entry);
            break;
        }
    flag_of_.erase(it);
}

void GameService::track_flag(const LoadedGame& game) {
    std::optional<std::int64_t> flag;
    if (game.record.clock && !is_over(game)) flag = game.record.clock->flag_time();
    std::int64_t id = game.record.id;
    {
        std::lock_guard lock(flags_mutex_);
        forget_flag(id);
        if (flag) {
            flag_times_.emplace(*flag, id);
            flag_of_[id] = *flag;
        }
    }
    flags_changed_.notify_all();
}

bool GameService::settle_flag(std::int64_t id, GameSlot& slot, LoadedGame& game, std::int64_t now) {
    if (!game.record.clock || is_over(game) || !game.record.clock->flagged_at(now)) return false;
    std::size_t stored_moves = game.record.moves_uci.size();
    int flagged = *game.record.clock->running;
    declare(game, {flagged == 0 ? "0-1" : "1-0", "time forfeit"});
    game.record.clock->stop(now);
    return store_change(id, slot, game, stored_moves).has_value();
}

void GameService::read_stored_flags(std::int64_t now) {
    {
        std::lock_guard lock(flags_mutex_);
        if (stored_flags_read_ms_ && now - *stored_flags_read_ms_ < stored_flags_interval_ms)
            return;
        stored_flags_read_ms_ = now;
    }
    auto stored = store_.running_clocks();
    std::lock_guard lock(flags_mutex_);
    for (const auto& [id, flag_ms] : stored) {
        // The earlier of the two: a flag that has not fallen after all is only looked at
        // once (settle_flag reads the game again and watches its true flag).
        auto known = flag_of_.find(id);
        if (known != flag_of_.end() && known->second <= flag_ms) continue;
        forget_flag(id);
        flag_times_.emplace(flag_ms, id);
        flag_of_[id] = flag_ms;
    }
}

void GameService::settle_due_flags() {
    std::vector<std::int64_t> due;
    std::int64_t now = clock_.now_ms();
    read_stored_flags(now);
    {
        std::lock_guard lock(flags_mutex_);
        for (auto it = flag_times_.begin(); it != flag_times_.end() && it->first <= now; ++it)
            due.push_back(it->second);
    }
    for (std::int64_t id : due) {
        try {
            auto slot = slot_for(id);
            std::lock_guard lock(slot->mutex);
            LoadedGame& game = load_or_forget(*slot, id);
            if (!settle_flag(id, *slot, game, clock_.now_ms())) track_flag(game);
        } catch (const ApiError&) {
            // The game is gone (or cannot be read): nothing to watch.
            std::lock_guard lock(flags_mutex_);
            forget_flag(id);
        }
    }
}

void GameService::note_alive() {
    store_.note_alive(clock_.now_ms());
}

void GameService::start_flag_watcher() {
    flag_watcher_ = std::thread([this] {
        std::int64_t noted_ms = 0;
        for (;;) {
            bool clocks_run = false;
            {
                std::unique_lock lock(flags_mutex_);
                if (stopping_) return;
                auto wait = std::chrono::milliseconds(1000);
                if (!flag_times_.empty()) {
                    std::int64_t until = flag_times_.begin()->first - clock_.now_ms();
                    wait = std::chrono::milliseconds(std::clamp<std::int64_t>(until, 0, 1000));
                }
                if (wait.count() > 0) flags_changed_.wait_for(lock, wait);
                if (stopping_) return;
                clocks_run = !flag_times_.empty();
            }
            try {
                // Only a running clock is charged for downtime: with none, nothing to note.
                if (clocks_run && clock_.now_ms() - noted_ms >= alive_note_interval_ms) {
                    note_alive();
                    noted_ms = clock_.now_ms();
                }
                settle_due_flags();
            } catch (const std::exception& error) {
                // Storage trouble, say: told once, tried again in a second.
                log_fault("flag watcher", error.what());
                std::unique_lock lock(flags_mutex_);
                flags_changed_.wait_for(lock, std::chrono::seconds(1),
                                        [this] { return stopping_; });
            }
        }
    });
}

std::optional<json> GameService::state_for_streams(std::int64_t id) {
    try {
        auto slot = slot_for(id);
        std::lock_guard lock(slot->mutex);
        return state_of(load_or_forget(*slot, id), std::nullopt);
    } catch (const ApiError&) {
        return std::nullopt; // gone: nothing to tell
    }
}

void GameService::send_live_updates() {
    live_->send_due();
}

json GameService::state_of(const LoadedGame& game, std::optional<int> seat) const {
    const GameRecord& record = game.record;
    std::int64_t now = clock_.now_ms();
    json state = game_state_json(record, game.game, game.notation.follow(game.game));
    state["online"] = record.online;
    state["ply"] = game.game.moves().size();
    state["version"] = record.version;
    state["clock"] = nullptr;
    if (record.clock) {
        const GameClock& clock = *record.clock;
        json running = nullptr;
        if (clock.running && !is_over(game)) running = std::string(1, side_letter(*clock.running));
        state["clock"] = {
            {"w", clock.remaining_at(0, now)},
            {"b", clock.remaining_at(1, now)},
            {"running", running},
            {"initial_ms", clock.settings.days_per_move ? 0 : clock.settings.initial_ms},
            {"increment_ms", clock.settings.days_per_move ? 0 : clock.settings.increment_ms},
            {"days_per_move",
             clock.settings.days_per_move ? json(*clock.settings.days_per_move) : json(nullptr)},
        };
    }
    auto side_or_null = [](const std::optional<char>& side) {
        return side ? json(std::string(1, *side)) : json(nullptr);
    };
    state["takeback_offer"] = side_or_null(record.takeback_offer);
    state["rematch_offer"] = side_or_null(record.rematch_offer);
    state["rematch_id"] = record.rematch_id ? json(*record.rematch_id) : json(nullptr);
    state["claim_after_ms"] = options_.claim_after_ms;
    if (record.online) {
        Presence presence = events_.presence(record.id);
        auto away = [&](int side) -> json {
            auto away = presence.away_ms(side, now);
            if (record.seats.tokens[std::size_t(side)].empty() || !away) return nullptr;
            return *away;
        };
        state["seats"] = {{"w", !record.seats.tokens[0].empty()},
                          {"b", !record.seats.tokens[1].empty()}};
        state["away"] = {{"w", away(0)}, {"b", away(1)}};
        state["spectators"] = presence.spectators;
    } else {
        state["seats"] = nullptr;
        state["away"] = nullptr;
        state["spectators"] = 0;
    }
    if (seat) state["seat"] = seat_json(record.id, *seat, record.seats.tokens[std::size_t(*seat)]);
    return state;
}

void GameService::require_visible(const LoadedGame& game, const SeatToken& token,
                                  const Player& viewer) const {
    const GameRecord& record = game.record;
    if (!options_.local_games_need_token || record.online || record.owner.empty()) return;
    if (viewer.owns(record.owner)) return;
    if (token && tokens_equal(*token, record.seats.tokens[0])) return;
    throw not_found("there is no " + game_name(record.id));
}

json GameService::seat_json(std::int64_t id, int side, const std::string& token) const {
    return {{"colour", std::string(1, side_letter(side))},
            {"token", token},
            {"link", options_.public_url + "/#game=" + std::to_string(id) + "&seat=" + token}};
}

template <class Change>
json GameService::change_game(std::int64_t id, const SeatToken& token, Change&& change,
                              bool anyone_may) {
    for (int attempt = 0; attempt < max_change_attempts; ++attempt) {
        auto slot = slot_for(id);
        std::lock_guard lock(slot->mutex);
        LoadedGame& loaded = load_or_forget(*slot, id);
        int actor =
            anyone_may ? no_seat : acting_side(loaded, token, options_.local_games_need_token);
        settle_flag(id, *slot, loaded, clock_.now_ms());
        if (!slot->game) continue; // another process changed it: read it again
        LoadedGame& game = *slot->game;
        std::size_t stored_moves = game.record.moves_uci.size();
        game.unchanged = false;
        std::optional<json> extra = change(game, actor); // an ApiError here changes nothing
        std::optional<json> state;
        if (game.unchanged)
            state = state_of(game, std::nullopt);
        else
            state = store_change(id, *slot, game, stored_moves);
        if (!state) continue;
        if (actor >= 0)
            (*state)["seat"] = seat_json(id, actor, game.record.seats.tokens[std::size_t(actor)]);
        if (extra) state->update(*extra);
        return std::move(*state);
    }
    throw conflict("the game is being changed elsewhere at this moment; try again");
}

// --- the routes' operations -----------------------------------------------------------------

json GameService::info() const {
    json levels = json::array();
    if (engine_available())
        for (const EngineLevel& l : built_in_levels())
            levels.push_back({{"number", l.number},
                              {"name", l.name},
                              {"description", l.description},
                              {"elo", l.elo}});
    return {{"version", "2"},
            {"engine", engine_available()},
            {"levels", std::move(levels)},
            {"variants", variants_json()},
            {"claim_after_ms", options_.claim_after_ms},
            {"ratings",
             {{"initial", rating_parameters.initial_rating},
              {"rd", rating_parameters.initial_rd},
              {"volatility", rating_parameters.initial_volatility},
              {"tau", rating_parameters.tau}}}};
}

json GameService::create(const json& body, const Player& maker,
                         const std::optional<Pairing>& pairing) {
    GameRecord record;
    record.owner = maker.owner_key();
    std::optional<Game> game;
    bool online = false;
    if (auto it = body.find("online"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) throw bad_request("\"online\" must be true or false");
        online = it->get<bool>();
    }
    if (auto pgn = optional_string(body, "pgn")) {
        if (online) throw bad_request("an online game starts from a variant and FEN, not a PGN");
        Result<PgnGame> imported = parse_pgn(*pgn);
        if (!imported) throw bad_request("bad PGN: " + imported.error());
        game.emplace(std::move(imported->game));
        record.pgn_tags_json = json(kept_pgn_tags(imported->tags))
                                   .dump(-1, ' ', false, json::error_handler_t::replace);
        // Kept as a declared result, as a game played here would keep it.
        record.declared_result = declared_result_of(*game);
        apply_declared_result(*game, record.declared_result);
    } else {
        std::string variant = optional_string(body, "variant").value_or("chess");
        Result<Game> started = start_game(variant, optional_string(body, "fen").value_or(""));
        if (!started) throw bad_request(started.error());
        game.emplace(std::move(*started));
    }
    if (auto settings = clock_field(body)) record.clock = GameClock::start(*settings);
    int creator = 0;
    if (auto colour = optional_string(body, "colour")) {
        if (*colour == "random")
            creator = random_bit();
        else if (*colour == "w" || *colour == "b")
            creator = side_index((*colour)[0]);
        else
            throw bad_request("\"colour\" must be \"w\", \"b\" or \"random\"");
    }
    record.online = online;
    if (pairing) {
        if (!online) throw bad_request("a paired game is an online game");
        record.rated = pairing->rated;
        record.made_for = pairing->made_for;
        record.seat_players[std::size_t(creator)] = pairing->maker;
        record.seat_players[std::size_t(1 - creator)] = pairing->opponent;
    }
    record.variant = std::string(game->variant().name);
    record.start_fen = game->start_position().fen();
    record.players = online ? PlayerKinds{} : players_field(body, {});
    record.engine =
        engine_field(body, EngineLimits{default_engine_movetime_ms, std::nullopt, std::nullopt});
    record.summary = summarize(*game, record.declared_result);
    std::string token = new_secret();
    if (online) {
        record.seats.tokens[std::size_t(creator)] = token;
        record.seats.invite_code = new_secret();
    } else {
        record.seats.tokens = {token, token}; // the owner plays both sides
    }
    store_.insert(record);

    LoadedGame loaded(std::move(record), std::move(*game));
    for (const NotatedMove& move : loaded.notation.follow(loaded.game))
        loaded.record.moves_uci.push_back(move.uci);
    json state = state_of(loaded, online ? std::optional<int>(creator) : std::nullopt);
    if (online) {
        events_.seat_taken(loaded.record.id, creator);
        state["invite"] = options_.public_url + "/#game=" + std::to_string(loaded.record.id) +
                          "&invite=" + loaded.record.seats.invite_code;
    } else {
        state["token"] = token;
    }
    // A request for the new id may have loaded it already: the database has the truth
    // either way, and the version check keeps a stale copy from being saved.
    auto slot = slot_for(loaded.record.id);
    std::lock_guard lock(slot->mutex);
    track_flag(loaded);
    if (!slot->game && !slot->deleted) slot->game.emplace(std::move(loaded));
    return state;
}

json GameService::list(int limit, int offset, const Player& viewer, bool public_only) {
    GameListFilter filter;
    filter.online_only = public_only;
    if (!public_only && options_.local_games_need_token) filter.owners = viewer.keys();
    json games = json::array();
    for (const GameListing& listing : store_.list(limit, offset, filter))
        games.push_back(game_listing_json(listing));
    return games;
}

json GameService::my_games(int limit, int offset, const Player& viewer) {
    return my_games_json(store_, viewer, limit, offset, clock_.now_ms());
}

json GameService::get(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame* game = &load_or_forget(*slot, id);
    require_visible(*game, token, viewer);
    if (settle_flag(id, *slot, *game, clock_.now_ms()) || !slot->game)
        game = &load_or_forget(*slot, id);
    std::optional<int> seat;
    if (token && game->record.online) {
        int side = acting_side(*game, token, true);
        if (side >= 0) seat = side;
    }
    json state = state_of(*game, seat);
    // Its maker is back in the game from any browser (logged in on another device, say).
    if (!game->record.online && viewer.owns(game->record.owner))
        state["token"] = game->record.seats.tokens[0];
    return state;
}

json GameService::remove(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    if (game.record.online) throw forbidden("online games are kept; they cannot be deleted");
    acting_side(game, token, options_.local_games_need_token);
    slot->stop = true;
    bool removed = !slot->deleted && store_.remove(id);
    forget(id, *slot);
    track_flag(game);
    if (!removed) throw not_found("there is no " + game_name(id));
    return {{"deleted", id}};
}

json GameService::play(std::int64_t id, const json& body, const SeatToken& token) {
    std::optional<std::string> uci, san;
    std::optional<int> ply, lag;
    try {
        uci = optional_string(body, "uci");
        san = optional_string(body, "san");
        ply = optional_int(body, "ply", 0, max_undo_plies);
        lag = optional_int(body, "lag_ms", 0, max_lag_ms);
    } catch (const ApiError& error) {
        throw unprocessable(error.what());
    }
    if (bool(uci) == bool(san))
        throw unprocessable("give the move as exactly one of \"uci\" or \"san\"");
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_game_in_progress(game);
        char turn = turn_of(game);
        if (actor >= 0 && side_letter(actor) != turn) throw conflict("it is not your turn");
        std::size_t played = game.game.moves().size();
        if (ply && std::size_t(*ply) != played)
            throw conflict("the game has moved on: it is at ply " + std::to_string(played));
        std::int64_t now = clock_.now_ms();
        // change_game settled a flag that fell before this move arrived (the mover lost);
        // one that fell since, in the instant between, is settled by the next request.
        if (game.record.clock && game.record.clock->flagged_at(now))
            throw conflict("your time ran out");
        play_move(game, move_from_text(game, uci ? *uci : *san, bool(san)));
        if (game.record.clock) game.record.clock->on_move(side_index(turn), now, lag.value_or(0));
        return std::nullopt;
    });
}

json GameService::undo(std::int64_t id, const json& body, const SeatToken& token) {
    int plies = optional_int(body, "plies", 0, max_undo_plies).value_or(1);
    return change_game(id, token, [&](LoadedGame& game, int) -> std::optional<json> {
        if (game.record.online)
            throw conflict("in an online game, ask your opponent for a takeback");
        // No move: only a resignation or an agreement is taken back.
        if (plies == 0 && !game.record.declared_result)
            throw unprocessable("there is no resignation or agreement to take back");
        if (plies == 0) game.game.clear_outside_result();
        std::size_t played = game.game.moves().size();
        if (std::size_t(plies) > played)
            throw unprocessable("cannot take back " + std::to_string(plies) + " moves: only " +
                                std::to_string(played) + " were played");
        take_back(game, std::size_t(plies), clock_.now_ms());
        game.record.draw_offer.reset();
        game.record.takeback_offer.reset();
        return std::nullopt;
    });
}

json GameService::resign(std::int64_t id, const json& body, const SeatToken& token) {
    auto side = optional_side(body, "side");
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_game_in_progress(game);
        char resigning = actor >= 0 ? side_letter(actor) : side.value_or(turn_of(game));
        declare(game, {resigning == 'w' ? "0-1" : "1-0", "resignation"});
        return std::nullopt;
    });
}

json GameService::draw(std::int64_t id, const json& body, const SeatToken& token) {
    std::string action = one_of(body, "action", {"offer", "accept", "decline"});
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_game_in_progress(game);
        char side = side_for(game, actor, body);
        bool offered_to_me = game.record.draw_offer == other_side(side);
        if (action == "offer" && !offered_to_me) {
            const PlayerKinds& players = game.record.players;
            bool to_engine = (side == 'w' ? players.black : players.white) == PlayerKind::Engine;
            // The engine never accepts a draw: it declines at once, so no offer stands.
            std::optional<char> standing = to_engine ? std::nullopt : std::optional<char>(side);
            if (game.record.draw_offer == standing) game.unchanged = true; // as it was
            game.record.draw_offer = standing;
        } else if (action == "decline") {
            if (!offered_to_me) throw conflict("there is no draw offer to decline");
            game.record.draw_offer.reset();
        } else {
            if (!offered_to_me) throw conflict("there is no draw offer to accept");
            declare(game, {"1/2-1/2", "agreement"});
        }
        return std::nullopt;
    });
}

json GameService::takeback(std::int64_t id, const json& body, const SeatToken& token) {
    std::string action = one_of(body, "action", {"request", "accept", "decline"});
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_game_in_progress(game);
        char side = side_for(game, actor, body);
        char turn = turn_of(game);
        // The requester's last move goes back, and the opponent's reply after it if any.
        auto plies_for = [&](char requester) { return std::size_t(turn == requester ? 2 : 1); };
        if (action == "request") {
            if (game.game.moves().size() < plies_for(side))
                throw conflict("you have no move to take back");
            if (game.record.takeback_offer == side) game.unchanged = true; // it stands already
            game.record.takeback_offer = side;
            return std::nullopt;
        }
        if (game.record.takeback_offer != other_side(side))
            throw conflict("there is no takeback request to " + action);
        if (action == "accept") {
            take_back(game, plies_for(other_side(side)), clock_.now_ms());
            game.record.draw_offer.reset();
        }
        game.record.takeback_offer.reset();
        return std::nullopt;
    });
}

json GameService::abort(std::int64_t id, const SeatToken& token) {
    return change_game(id, token, [&](LoadedGame& game, int) -> std::optional<json> {
        require_game_in_progress(game);
        if (game.game.moves().size() >= 2)
            throw conflict("a game can be aborted only before both sides have moved");
        declare(game, {"*", aborted_reason});
        return std::nullopt;
    });
}

json GameService::claim_victory(std::int64_t id, const SeatToken& token) {
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_online(game, "a claim of victory");
        require_game_in_progress(game);
        int opponent = 1 - actor;
        if (game.record.seats.tokens[std::size_t(opponent)].empty())
            throw conflict("nobody has taken the other seat yet");
        if (game.record.clock && game.record.clock->running == opponent)
            throw conflict("your opponent's clock is running: wait for it to run out");
        Presence presence = events_.presence(id);
        const auto& since = presence.away_since[std::size_t(opponent)];
        std::int64_t away = since ? clock_.now_ms() - *since : 0;
        if (!since || away < options_.claim_after_ms)
            throw conflict("your opponent has not been gone long enough (" +
                           std::to_string(options_.claim_after_ms / 1000) + " s)");
        declare(game, {actor == 0 ? "1-0" : "0-1", "opponent left"});
        return std::nullopt;
    });
}

json GameService::join(std::int64_t id, const json& body) {
    std::string code = optional_string(body, "invite").value_or("");
    std::string token = new_secret();
    int taken = -1;
    static const SeatToken no_token;
    json state = change_game(
        id, no_token,
        [&](LoadedGame& game, int) -> std::optional<json> {
            Seats& seats = game.record.seats;
            if (!game.record.online) throw conflict("this game is not an online game");
            auto free_seat = std::find(seats.tokens.begin(), seats.tokens.end(), std::string());
            if (free_seat == seats.tokens.end())
                throw conflict("both seats of this game are taken");
            if (code.empty() || !tokens_equal(code, seats.invite_code))
                throw forbidden("that invite code is not this game's");
            *free_seat = token;
            taken = int(free_seat - seats.tokens.begin());
            return std::nullopt;
        },
        /*anyone_may=*/true);
    events_.seat_taken(id, taken);
    state["seat"] = seat_json(id, taken, token);
    return state;
}

std::int64_t GameService::create_rematch(const LoadedGame& game) {
    GameRecord record;
    record.online = true;
    record.owner = game.record.owner; // listed with its first game
    // The same players, colours changed; casual (docs/ratings.md: a rematch is not rated).
    for (std::size_t seat = 0; seat < 2; ++seat)
        if (const auto& player = game.record.seat_players[1 - seat])
            record.seat_players[seat] = SeatPlayer{player->key, player->name, std::nullopt, false};
    record.variant = game.record.variant;
    record.start_fen = game.record.start_fen;
    record.summary = summarize(Game(game.game.start_position()), record.declared_result);
    if (game.record.clock) record.clock = GameClock::start(game.record.clock->settings);
    // Colours change: the old White sits at Black.
    record.seats.tokens = {new_secret(), new_secret()};
    record.seats.invite_code = new_secret();
    store_.insert(record);
    events_.seat_taken(record.id, 0);
    events_.seat_taken(record.id, 1);
    return record.id;
}

json GameService::rematch(std::int64_t id, const SeatToken& token) {
    return change_game(id, token, [&](LoadedGame& game, int actor) -> std::optional<json> {
        require_online(game, "a rematch");
        if (!is_over(game)) throw conflict("the game is not over yet");
        if (game.record.rematch_id) {
            game.unchanged = true; // asked again: only the answer
        } else {
            if (game.record.rematch_offer != side_letter(1 - actor)) {
                if (game.record.rematch_offer == side_letter(actor)) game.unchanged = true;
                game.record.rematch_offer = side_letter(actor);
                return std::nullopt;
            }
            game.record.rematch_id = create_rematch(game);
            game.record.rematch_offer.reset();
        }
        auto rematch = store_.load(*game.record.rematch_id);
        if (!rematch) throw not_found("the rematch game is gone");
        int new_side = 1 - actor;
        return json{{"rematch",
                     {{"id", rematch->id},
                      {"seat", seat_json(rematch->id, new_side,
                                         rematch->seats.tokens[std::size_t(new_side)])}}}};
    });
}

json GameService::update_settings(std::int64_t id, const json& body, const SeatToken& token) {
    return change_game(id, token, [&](LoadedGame& game, int) -> std::optional<json> {
        if (game.record.online) throw conflict("an online game is played by its two seats");
        game.record.players = players_field(body, game.record.players);
        game.record.engine = engine_field(body, game.record.engine);
        return std::nullopt;
    });
}

std::string GameService::pgn(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    return game_pgn(game.game, stored_tags(game.record));
}

void GameService::adopt_games(const std::string& visitor_key, const std::string& account_key) {
    // Cached copies are read again at their next use: the transfer moved their versions on.
    store_.transfer_games(visitor_key, account_key);
}

GameSeating GameService::seating(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    const GameRecord& record = game.record;
    GameSeating seating;
    seating.online = record.online;
    seating.over = is_over(game);
    for (int side = 0; side < 2; ++side) {
        const auto& player = record.seat_players[std::size_t(side)];
        seating.keys[std::size_t(side)] = player ? player->key : "";
        seating.names[std::size_t(side)] =
            player ? player->name : (side == 0 ? "White player" : "Black player");
    }
    if (std::optional<int> side = viewer_seat(game, token, viewer)) seating.seat = *side;
    return seating;
}

void GameService::open_events(std::int64_t id, const SeatToken& token,
                              const std::shared_ptr<Responder>& responder, const Player& viewer) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    std::optional<int> seat = viewer_seat(game, token, viewer);
    // Under the game's lock: no change can slip between this state and the subscription.
    json state = state_of(game, std::nullopt);
    live_->open(id, seat, responder->open_event_stream(), state);
}

// --- the engine -----------------------------------------------------------------------------

EngineTicket GameService::begin_engine_move(std::int64_t id, const json& body,
                                            const SeatToken& token) {
    if (!search_) throw conflict("this build of evochess has no engine");
    std::optional<int> movetime = optional_int(body, "movetime_ms", 1, options_.max_engine_ms);
    std::optional<int> depth = optional_int(body, "depth", 1, max_search_depth);
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    if (game.record.online) throw conflict("online games are played by people");
    acting_side(game, token, options_.local_games_need_token);
    settle_flag(id, *slot, game, clock_.now_ms());
    if (!slot->game) throw conflict("the game changed; try again");
    require_game_in_progress(game);
    if (slot->searching.exchange(true))
        throw conflict("the engine is already thinking on " + game_name(id));
    slot->stop = false;

    EngineLimits limits = game.record.engine;
    // Limits in the request are for this move only (a hint at full strength, say).
    if (movetime || depth) limits = {movetime, depth, std::nullopt};
    if (!limits.movetime_ms && !limits.depth) limits.movetime_ms = default_engine_movetime_ms;
    if (game.record.clock)
        limits.movetime_ms =
            movetime_on_clock(*game.record.clock, side_index(turn_of(game)), clock_.now_ms());
    // A depth, or a stored think time, never makes one search longer than the server allows.
    limits.movetime_ms =
        std::min(limits.movetime_ms.value_or(options_.max_engine_ms), options_.max_engine_ms);
    return EngineTicket{id, EngineClaim(slot), SearchRequest{game.game, limits, &slot->stop}};
}

json GameService::run_engine_move(EngineTicket& ticket,
                                  const std::function<void(const json&)>& on_progress) {
    EngineClaim claim = std::move(ticket.claim); // given up when this search is over

    const SearchRequest& request = ticket.request;
    SearchOutcome outcome = search_(request, [&](const SearchProgress& progress) {
        on_progress(search_progress_json(progress, request.game.position()));
    });
    if (!outcome) throw conflict("the engine found no move: " + outcome.error());

    std::optional<std::string> owner_token;
    {
        auto slot = slot_for(ticket.game_id);
        std::lock_guard lock(slot->mutex);
        if (slot->game) owner_token = slot->game->record.seats.tokens[0];
    }
    return change_game(ticket.game_id, owner_token,
                       [&](LoadedGame& game, int) -> std::optional<json> {
                           if (game.game.moves() != request.game.moves())
                               throw conflict("the game changed while the engine thought; its "
                                              "move was dropped");
                           require_game_in_progress(game);
                           if (!is_legal(game.game.position(), *outcome))
                               throw unprocessable("the engine's move is not legal here");
                           char turn = turn_of(game);
                           play_move(game, *outcome);
                           if (game.record.clock)
                               game.record.clock->on_move(side_index(turn), clock_.now_ms(), 0);
                           return std::nullopt;
                       });
}

void GameService::engine_move(std::int64_t id, const json& body, bool stream,
                              const std::shared_ptr<Responder>& responder, const SeatToken& token,
                              const std::string& client) {
    auto ticket = std::make_shared<EngineTicket>(begin_engine_move(id, body, token));
    std::shared_ptr<EventSink> sink;
    // The client went away: the search ends now (its move is still played).
    if (stream) {
        sink = responder->open_event_stream();
        sink->on_close([this, id] { stop_engine(id); });
    } else {
        responder->on_hangup([this, id] { stop_engine(id); });
    }
    auto send = [sink](const std::string& name, const json& data) {
        sink->send(event_text(data, name));
    };
    Admission admission = engine_pool_->try_post(client, [this, ticket, sink, responder, send] {
        try {
            if (sink) {
                json state =
                    run_engine_move(*ticket, [&](const json& line) { send("info", line); });
                send("state", state);
            } else {
                responder->respond(json_response(run_engine_move(*ticket, [](const json&) {})));
            }
        } catch (const ApiError& error) {
            if (sink)
                send("error", {{"error", error.what()}});
            else
                responder->respond(error_response(error.kind(), error.what()));
        } catch (const std::exception& error) {
            if (sink)
                send("error", {{"error", std::string("internal error: ") + error.what()}});
            else
                responder->respond(error_response(ErrorKind::Internal, "internal error"));
        }
        if (sink) sink->close();
    });
    if (admission == Admission::Queued) return;
    ticket.reset(); // gives the claim back
    ApiError refusal = engine_refusal(admission, engine_pool_->per_client());
    if (sink) {
        send("error", {{"error", refusal.what()}});
        sink->close();
    } else {
        responder->respond(error_response(refusal.kind(), refusal.what()));
    }
}

bool GameService::stop_engine(std::int64_t id, const SeatToken& token) {
    {
        auto slot = slot_for(id);
        std::lock_guard lock(slot->mutex);
        acting_side(load_or_forget(*slot, id), token, options_.local_games_need_token);
    }
    return stop_engine(id);
}

bool GameService::stop_engine(std::int64_t id) {
    std::shared_ptr<GameSlot> slot;
    {
        std::lock_guard lock(slots_mutex_);
        auto it = slots_.find(id);
        if (it == slots_.end()) return false;
        slot = it->second->second;
    }
    if (!slot->searching) return false;
    slot->stop = true;
    return true;
}

} // namespace evo::app
