// The service's frame: its parts (the cache of games, the flag watcher, the engine jobs, the
// live updates), starting and stopping them, and the one way every action changes a game
// (change_game: check the actor, settle a fallen flag, change, store with compare-and-set,
// announce). The actions themselves are in game_*.cpp (docs/design.md, "The game service").
#include "service.h"

#include "app/analysis/engine_jobs.h"
#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "app/events/in_memory_bus.h"
#include "app/events/live_updates.h"
#include "app/record/game_summary.h"
#include "app/record/loaded_game.h"
#include "cache.h"
#include "flag_watcher.h"
#include "seat_checks.h"

#include <algorithm>

namespace evo::app {

namespace {

// A game nobody watches is forgotten by GameEvents after this long (or the claim wait if
// longer): until then its players' "away" times are exact, later they count from the start.
constexpr std::int64_t forget_unwatched_games_after_ms = 60 * 60 * 1000;
// How often a change is tried again when another server process changed the game first.
constexpr int max_change_attempts = 4;

} // namespace

GameService::GameService(GameRepository& store, SearchFunction search, const Clock& clock,
                         const GameStreamText& text, ServiceOptions options)
    : store_(store), clock_(clock), options_(std::move(options)),
      events_(clock, std::max(options_.claim_after_ms, forget_unwatched_games_after_ms)),
      cache_(std::make_unique<GameCache>(store, options_.max_cached_games)),
      flags_(std::make_unique<FlagWatcher>(store, clock)),
      engine_(std::make_unique<EngineJobs>(std::move(search), options_.engine_threads,
                                           options_.engine_queue, options_.engine_per_client)) {
    if (options_.max_engine_ms <= 0 || options_.max_engine_ms > max_movetime_ms)
        options_.max_engine_ms = max_movetime_ms;
    // The time the server was down is nobody's to pay: running clocks are moved on by it.
    // Storage that cannot be written now costs the players that time, not the server its start.
    try {
        store_.credit_downtime(clock_.now_ms());
    } catch (const std::exception& error) {
        log_fault("crediting the downtime to running clocks", error.what());
    }
    flags_->read_stored_flags(clock_.now_ms());
    if (options_.event_bus) {
        bus_ = options_.event_bus;
    } else {
        own_bus_ = std::make_unique<InMemoryEventBus>();
        bus_ = own_bus_.get();
    }
    live_ = std::make_unique<LiveUpdates>(
        events_, *bus_, clock_, text,
        [this](std::int64_t id, std::int64_t announced) { return view_for_streams(id, announced); },
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
    flags_->stop();
    try {
        note_alive(); // a planned restart then costs the running clocks nothing at all
    } catch (const std::exception& error) {
        log_fault("noting the server alive", error.what());
    }
    cache_->stop_searches();
    engine_->stop();
    live_->stop();
    events_.close_all();
}

bool GameService::engine_available() const {
    return engine_->available();
}

TaskPool& GameService::engine_threads() {
    return engine_->threads();
}

const SearchFunction& GameService::search_function() const {
    return engine_->search();
}

std::vector<std::int64_t> GameService::cached_games() {
    return cache_->ids();
}

void GameService::send_live_updates() {
    live_->send_due();
}

ServerInfo GameService::info() const {
    ServerInfo info;
    info.engine = engine_available();
    if (info.engine) info.levels = built_in_levels();
    info.claim_after_ms = options_.claim_after_ms;
    return info;
}

// --- changing a game: storing, publishing ---------------------------------------------------

bool GameService::store_change(std::int64_t id, GameSlot& slot, LoadedGame& game,
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
        cache_->forget(id, slot);
        throw not_found("there is no " + game_name(id));
    }
    if (outcome == SaveOutcome::VersionConflict) {
        slot.game.reset();
        return false;
    }
    track_flag(game);
    slot.keep_stored_view(std::make_shared<const GameView>(view_of(game, std::nullopt)));
    // Under the game's lock, so notices of one game go out in version order; the bus's
    // listeners only queue them (LiveUpdates).
    bus_->publish({id, game.record.version});
    return true;
}

GameView GameService::change_game(std::int64_t id, const Actor& actor, const Change& change) {
    for (int attempt = 0; attempt < max_change_attempts; ++attempt) {
        auto slot = cache_->slot_for(id);
        std::lock_guard lock(slot->mutex);
        LoadedGame& loaded = cache_->load_or_forget(*slot, id);
        ActingSide side = acting_side(loaded, actor, options_.local_games_need_token);
        settle_flag(id, *slot, loaded, clock_.now_ms());
        if (!slot->game) continue; // another process changed it: read it again
        LoadedGame& game = *slot->game;
        std::size_t stored_moves = game.record.moves_uci.size();
        game.unchanged = false;
        change(game, side); // an ApiError here changes nothing
        if (game.unchanged) return view_of(game, side);
        if (!store_change(id, *slot, game, stored_moves)) continue;
        // The view just made for the streams, with the actor's seat: built once a change.
        return seated(*slot->stored_view(), game, side);
    }
    throw conflict("the game is being changed elsewhere at this moment; try again");
}

} // namespace evo::app
