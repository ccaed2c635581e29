// The engine's moves in games: the right to a game's one search (EngineClaim), the threads
// searches run on, the search's progress and answer handed to its replies (written at the
// HTTP edge, http/engine_json.h), and how long the engine may think in a game. What the move
// does to the game is the service's (GameService::run_engine_move).
#pragma once

#include "app/common/task_pool.h"
#include "app/record/game_view.h"
#include "engine_port.h"
#include "search_view.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace evo::app {

struct GameSlot;

// The engine's think time when neither the game nor the request sets a limit.
constexpr int default_engine_movetime_ms = 1000;

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
};

// The limits of the engine's next move in `game`: the request's (`movetime`, `depth`: this
// move only), else the game's, else the default; on a clock, a share of the time left; never
// longer than `max_engine_ms`.
EngineLimits engine_move_limits(const GameRecord& record, const Game& game,
                                std::optional<int> movetime, std::optional<int> depth,
                                int max_engine_ms, std::int64_t now);

class EngineJobs {
  public:
    using Progress = std::function<void(const SearchLine&)>;
    using Replies = SearchReplies<GameView>;
    // Runs the search and plays its move; answers the game's new state.
    using Job = std::function<GameView(const Progress&)>;

    // `threads` 0: one per core; `queue` 0: two per thread; `per_client` 0: no share.
    EngineJobs(SearchFunction search, std::size_t threads, std::size_t queue,
               std::size_t per_client);

    bool available() const { return bool(search_); }
    const SearchFunction& search() const { return search_; }
    TaskPool& threads() { return *pool_; }

    // Queues `job` for `client`; its progress lines and the state it answers go to
    // `replies`. `on_hangup` runs when the client goes away first (the search should end).
    // Not queued (503, or 429 for a client with its share): `job` is dropped, then the
    // refusal is the answer.
    void post(const std::string& client, const std::shared_ptr<Replies>& replies,
              std::function<void()> on_hangup, Job job);
    // Drops the queued searches and waits for the running ones.
    void stop() { pool_->stop(); }

  private:
    SearchFunction search_;
    std::unique_ptr<TaskPool> pool_;
};

} // namespace evo::app
