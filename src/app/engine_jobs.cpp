#include "engine_jobs.h"

#include "api_error.h"
#include "engine_refusal.h"
#include "http/event_text.h"
#include "http/json_answer.h"
#include "json_fields.h"
#include "loaded_game.h"

#include <algorithm>
#include <thread>

namespace evo::app {

using nlohmann::json;

namespace {

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

EngineLimits engine_move_limits(const GameRecord& record, const Game& game,
                                std::optional<int> movetime, std::optional<int> depth,
                                int max_engine_ms, std::int64_t now) {
    EngineLimits limits = record.engine;
    // Limits in the request are for this move only (a hint at full strength, say).
    if (movetime || depth) limits = {movetime, depth, std::nullopt};
    if (!limits.movetime_ms && !limits.depth) limits.movetime_ms = default_engine_movetime_ms;
    if (record.clock) {
        int side = game.position().side_to_move() == White ? 0 : 1;
        limits.movetime_ms = movetime_on_clock(*record.clock, side, now);
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

void EngineJobs::post(const std::string& client, bool stream,
                      const std::shared_ptr<Responder>& responder, std::function<void()> on_hangup,
                      Job job) {
    std::shared_ptr<EventSink> sink;
    // The client went away: the search ends now (its move is still played).
    if (stream) {
        sink = responder->open_event_stream();
        sink->on_close(std::move(on_hangup));
    } else {
        responder->on_hangup(std::move(on_hangup));
    }
    auto send = [sink](const std::string& name, const json& data) {
        sink->send(event_text(data, name));
    };
    Admission admission = pool_->try_post(client, [job = std::move(job), sink, responder, send] {
        try {
            if (sink) {
                json state = job([&](const json& line) { send("info", line); });
                send("state", state);
            } else {
                responder->respond(json_response(job([](const json&) {})));
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
    // Queued; or refused, and the job (with its claim on the game) is gone already.
    if (admission == Admission::Queued) return;
    ApiError refusal = engine_refusal(admission, pool_->per_client());
    if (sink) {
        send("error", {{"error", refusal.what()}});
        sink->close();
    } else {
        responder->respond(error_response(refusal.kind(), refusal.what()));
    }
}

} // namespace evo::app
