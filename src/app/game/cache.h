// The games held in memory: one slot per game (its lock, its loaded copy, its engine search),
// the least recently used dropped past a bound. The database is the truth: a copy another
// process has moved past is read again before it is used. Internal to GameService.
#pragma once

#include "app/record/game_repository.h"
#include "app/record/loaded_game.h"

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace evo::app {

// Brings a cached copy up to the record another process stored since: when the stored moves
// extend the copy's, only the new ones are played, and the notation written so far is kept
// (a move made on another process then costs a process that shows the game one move, not a
// replay of the game). False when they do not (a takeback, another game): the copy must be
// read afresh (it may be half caught up then). The slot's lock must be held.
bool catch_up(LoadedGame& loaded, GameRecord& record);

class GameCache {
  public:
    GameCache(GameRepository& store, std::size_t max_games)
        : store_(store), max_games_(max_games) {}

    // The game's slot, made if there is none; it becomes the most recently used.
    std::shared_ptr<GameSlot> slot_for(std::int64_t id);
    // The game's slot if there is one (not made, not counted as a use).
    std::shared_ptr<GameSlot> find(std::int64_t id);
    // The game in its slot, loaded or read again if the stored version moved on; a game that
    // is not stored is forgotten (404). The slot's lock must be held.
    LoadedGame& load_or_forget(GameSlot& slot, std::int64_t id);
    // Marks the slot deleted and drops it from the cache. The slot's lock must be held.
    void forget(std::int64_t id, GameSlot& slot);
    // Asks every running search to stop (at shutdown).
    void stop_searches();
    // The games held, most recently used first.
    std::vector<std::int64_t> ids();

  private:
    // Drops the least recently used slots nobody is using (no request holds one, no search
    // runs on it) while there are more than the cache may keep. mutex_ is held.
    void evict_idle_slots();

    GameRepository& store_;
    std::size_t max_games_;
    std::mutex mutex_;
    // Most recently used first; the map points into the list.
    std::list<std::pair<std::int64_t, std::shared_ptr<GameSlot>>> lru_;
    std::unordered_map<std::int64_t, decltype(lru_)::iterator> slots_;
};

} // namespace evo::app
