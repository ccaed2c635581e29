// The API's operations on games: each checks its input, changes the game through the
// rules core, stores it in one transaction, and answers the new state as JSON.
// Failures throw ApiError (4xx) and leave the stored game as it was.
#pragma once

#include "engine_port.h"
#include "game_store.h"
#include "rules_bridge.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace evo::app {

// One game's in-memory copy and its lock; the database stays the source of truth.
struct GameSlot;
struct LoadedGame;

// The right to run the one engine search a game may have at a time; given up when
// destroyed, so a search that never runs cannot block the game.
class EngineClaim {
  public:
    EngineClaim() = default;
    explicit EngineClaim(std::shared_ptr<GameSlot> slot) : slot_(std::move(slot)) {}
    EngineClaim(EngineClaim&& other) noexcept = default;
    EngineClaim& operator=(EngineClaim&& other) noexcept;
    EngineClaim(const EngineClaim&) = delete;
    EngineClaim& operator=(const EngineClaim&) = delete;
    ~EngineClaim();

  private:
    std::shared_ptr<GameSlot> slot_;
};

// A search the engine was asked for: claimed by begin_engine_move, run by run_engine_move.
struct EngineTicket {
    std::int64_t game_id = 0;
    EngineClaim claim;
    SearchRequest request;
    char side_to_move = 'w';
};

class GameService {
  public:
    GameService(GameStore& store, SearchFunction search);
    ~GameService();

    nlohmann::json info() const;
    nlohmann::json create(const nlohmann::json& body);
    nlohmann::json list();
    nlohmann::json get(std::int64_t id);
    nlohmann::json remove(std::int64_t id);
    nlohmann::json play(std::int64_t id, const nlohmann::json& body);
    nlohmann::json undo(std::int64_t id, const nlohmann::json& body);
    nlohmann::json resign(std::int64_t id, const nlohmann::json& body);
    nlohmann::json offer_draw(std::int64_t id, const nlohmann::json& body);
    nlohmann::json update_settings(std::int64_t id, const nlohmann::json& body);
    std::string pgn(std::int64_t id);

    bool engine_available() const { return bool(search_); }
    // Checks that the engine may move now and marks the game as searched.
    EngineTicket begin_engine_move(std::int64_t id, const nlohmann::json& body);
    // Runs the claimed search, reporting progress lines, then plays and stores the move.
    // Answers the new state. Always releases the claim.
    nlohmann::json run_engine_move(EngineTicket& ticket,
                                   const std::function<void(const nlohmann::json&)>& on_progress);
    // Asks a running search on that game to end now; false if none runs.
    bool stop_engine(std::int64_t id);

  private:
    std::shared_ptr<GameSlot> slot_for(std::int64_t id);
    // The slot's game, loaded from the store if needed (its lock held); an unknown game
    // is a 404 and its slot is dropped.
    LoadedGame& load_or_forget(GameSlot& slot, std::int64_t id);
    void forget(std::int64_t id, GameSlot& slot);
    // Runs `change` on the loaded game under its lock, stores the result in one
    // transaction and answers the new state. `change` may throw ApiError only before it
    // changes anything; if storing fails, the copy in memory is dropped and reloaded.
    template <class Change> nlohmann::json change_game(std::int64_t id, Change&& change);

    GameStore& store_;
    SearchFunction search_;
    std::mutex slots_mutex_;
    std::unordered_map<std::int64_t, std::shared_ptr<GameSlot>> slots_;
};

} // namespace evo::app
