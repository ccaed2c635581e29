#include "engine_jobs.h"

#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "engine_refusal.h"

#include <algorithm>
#include <thread>

namespace evo::app {

namespace {

// The engine's think time on a clock: a share of what is left plus most of the increment,
// never so much that the flag could fall.
int movetime_on_clock(const GameClock& clock, Color side, std::int64_t now) {
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

EngineLimits engine_move_limits(const GameRecord& record, const Game& game,
                                std::optional<int> movetime, std::optional<int> depth,
                                int max_engine_ms, std::int64_t now) {
    EngineLimits limits = record.engine;
    // Limits in the request are for this move only (a hint at full strength, say).
    if (movetime || depth) limits = {movetime, depth, std::nullopt};
    if (!limits.movetime_ms && !limits.depth) limits.movetime_ms = default_engine_movetime_ms;
    if (record.clock) {
        limits.movetime_ms = movetime_on_clock(*record.clock, game.position().side_to_move(), now);
    }
    // A depth, or a stored think time, never makes one search longer than the server allows.
    limits.movetime_ms = std::min(limits.movetime_ms.value_or(max_engine_ms), max_engine_ms);
    return limits;
}

EngineJobs::EngineJobs(SearchFunction search, std::size_t threads, std::size_t queue,
                       std::size_t per_client)
    : search_(std::move(search)) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    if (queue == 0) queue = 2 * threads;
    pool_ = std::make_unique<TaskPool>("engine", threads, queue, per_client);
}

void EngineJobs::post(const std::string& client, const std::shared_ptr<Replies>& replies,
                      std::function<void()> on_hangup, Job job) {
    replies->begin(std::move(on_hangup));
    Admission admission = pool_->try_post(client, [job = std::move(job), replies] {
        try {
            replies->answer(job([&](const SearchLine& line) { replies->progress(line); }));
        } catch (const ApiError& error) {
            replies->fail(error);
        } catch (const std::exception& error) {
            replies->fail_internal(error);
        }
    });
    // Queued; or refused, and the job (with its claim on the game) is gone already.
    if (admission == Admission::Queued) return;
    replies->fail(engine_refusal(admission, pool_->per_client()));
}

} // namespace evo::app
