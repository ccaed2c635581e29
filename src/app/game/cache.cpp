#include "cache.h"

#include "app/common/api_error.h"
#include "app/record/core_games.h"
#include "app/record/declared_result.h"
#include "core/notation.h"

#include <algorithm>

namespace evo::app {

namespace {

// Puts the stored game, replayed, into its slot (none: it is not stored, 404).
LoadedGame& replay_into(GameSlot& slot, std::optional<GameRecord> record, std::int64_t id) {
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

// Loads the game into its slot if it is not there yet. The slot's lock must be held.
LoadedGame& ensure_loaded(GameSlot& slot, GameRepository& store, std::int64_t id) {
    if (slot.deleted) throw not_found("there is no " + game_name(id));
    if (slot.game) return *slot.game;
    return replay_into(slot, store.load(id), id);
}

} // namespace

bool catch_up(LoadedGame& loaded, GameRecord& record) {
    const std::vector<std::string>& had = loaded.record.moves_uci;
    const std::vector<std::string>& now = record.moves_uci;
    if (record.variant != loaded.record.variant || record.start_fen != loaded.record.start_fen ||
        now.size() < had.size() || !std::equal(had.begin(), had.end(), now.begin()))
        return false;
    Game& game = loaded.game;
    game.clear_outside_result();
    for (std::size_t ply = had.size(); ply < now.size(); ++ply) {
        auto move = parse_uci_move(game.position(), now[ply]);
        if (!move) return false; // the full replay says what is wrong
        game.play(*move);
    }
    apply_declared_result(game, record.declared_result);
    loaded.record = std::move(record);
    return true;
}

std::shared_ptr<GameSlot> GameCache::slot_for(std::int64_t id) {
    std::lock_guard lock(mutex_);
    if (auto it = slots_.find(id); it != slots_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second);
        return it->second->second;
    }
    lru_.emplace_front(id, std::make_shared<GameSlot>());
    slots_[id] = lru_.begin();
    evict_idle_slots();
    return lru_.front().second;
}

std::shared_ptr<GameSlot> GameCache::find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    auto it = slots_.find(id);
    if (it == slots_.end()) return nullptr;
    return it->second->second;
}

std::vector<std::int64_t> GameCache::ids() {
    std::lock_guard lock(mutex_);
    std::vector<std::int64_t> ids;
    for (const auto& [id, slot] : lru_) ids.push_back(id);
    return ids;
}

void GameCache::stop_searches() {
    std::lock_guard lock(mutex_);
    for (auto& [id, slot] : lru_) slot->stop = true;
}

void GameCache::evict_idle_slots() {
    for (auto it = lru_.end(); slots_.size() > max_games_ && it != lru_.begin();) {
        --it;
        if (it->second.use_count() != 1) continue;
        slots_.erase(it->first);
        it = lru_.erase(it);
    }
}

LoadedGame& GameCache::load_or_forget(GameSlot& slot, std::int64_t id) {
    // The database is the truth: a copy another process has moved past is caught up with the
    // stored record, or replayed from that record when it cannot be (a takeback), before
    // anything is judged or shown from it.
    std::optional<GameRecord> stored;
    bool read_afresh = false;
    if (slot.game && store_.version_of(id) != slot.game->record.version) {
        stored = store_.load(id);
        read_afresh = !stored || !catch_up(*slot.game, *stored);
        if (read_afresh) slot.game.reset();
    }
    try {
        if (read_afresh) return replay_into(slot, std::move(stored), id);
        return ensure_loaded(slot, store_, id);
    } catch (const ApiError& error) {
        if (error.kind() == ErrorKind::NotFound) forget(id, slot);
        throw;
    }
}

void GameCache::forget(std::int64_t id, GameSlot& slot) {
    slot.deleted = true;
    slot.game.reset();
    slot.keep_stored_view(nullptr);
    std::lock_guard map_lock(mutex_);
    if (auto it = slots_.find(id); it != slots_.end() && it->second->second.get() == &slot) {
        lru_.erase(it->second);
        slots_.erase(it);
    }
}

} // namespace evo::app
