#include "game_clock.h"

#include <algorithm>

namespace evo::app {

namespace {

std::int64_t time_for_a_turn(const ClockSettings& settings, std::int64_t left) {
    return settings.days_per_move ? *settings.days_per_move * day_ms : left;
}

} // namespace

GameClock GameClock::start(const ClockSettings& settings) {
    GameClock clock;
    clock.settings = settings;
    std::int64_t initial =
        settings.days_per_move ? *settings.days_per_move * day_ms : settings.initial_ms;
    clock.remaining_ms = {initial, initial};
    return clock;
}

std::int64_t GameClock::remaining_at(Color side, std::int64_t now_ms) const {
    std::int64_t left = remaining_ms[std::size_t(side)];
    if (running == side) left -= std::max<std::int64_t>(0, now_ms - turn_started_ms);
    return std::max<std::int64_t>(0, left);
}

std::optional<std::int64_t> GameClock::flag_time() const {
    if (!running) return std::nullopt;
    return turn_started_ms + remaining_ms[std::size_t(*running)];
}

bool GameClock::flagged_at(std::int64_t now_ms) const {
    auto flag = flag_time();
    return flag && now_ms >= *flag;
}

void GameClock::on_move(Color mover, std::int64_t now_ms, std::int64_t lag_ms) {
    auto& mine = remaining_ms[std::size_t(mover)];
    if (running == mover) {
        std::int64_t used = std::max<std::int64_t>(0, now_ms - turn_started_ms);
        auto& quota = lag_quota_ms[std::size_t(mover)];
        std::int64_t credit =
            std::max<std::int64_t>(0, std::min({lag_ms, max_lag_credit_ms, quota, used}));
        quota = std::min(lag_quota_max_ms, quota - credit + lag_quota_refill_ms);
        used -= credit;
        mine = std::max<std::int64_t>(0, mine - used);
        if (settings.days_per_move)
            mine = time_for_a_turn(settings, mine);
        else
            mine += increment_of(mover);
    }
    Color opponent = ~mover;
    auto& theirs = remaining_ms[std::size_t(opponent)];
    theirs = time_for_a_turn(settings, theirs);
    running = opponent;
    turn_started_ms = now_ms;
}

void GameClock::restart_for(std::optional<Color> side, std::int64_t now_ms) {
    if (running) {
        auto& left = remaining_ms[std::size_t(*running)];
        left =
            std::max<std::int64_t>(0, left - std::max<std::int64_t>(0, now_ms - turn_started_ms));
    }
    running = side;
    turn_started_ms = now_ms;
}

void GameClock::go_berserk(Color side, std::int64_t penalty_ms) {
    auto& left = remaining_ms[std::size_t(side)];
    left = std::max<std::int64_t>(1, left - std::max<std::int64_t>(0, penalty_ms));
    berserked[std::size_t(side)] = true;
}

std::int64_t GameClock::increment_of(Color side) const {
    return berserked[std::size_t(side)] ? 0 : settings.increment_ms;
}

void GameClock::stop(std::int64_t now_ms) {
    if (!running) return;
    remaining_ms[std::size_t(*running)] = remaining_at(*running, now_ms);
    running.reset();
    turn_started_ms = now_ms;
}

std::optional<const char*> invalid_clock_settings(const ClockSettings& settings) {
    if (settings.days_per_move) {
        if (*settings.days_per_move < 1 || *settings.days_per_move > 14)
            return "\"days_per_move\" must be between 1 and 14";
        return std::nullopt;
    }
    if (settings.initial_ms < 1000 || settings.initial_ms > 3 * 60 * 60 * 1000)
        return "\"initial_ms\" must be between 1000 (1 s) and 10800000 (3 h)";
    if (settings.increment_ms < 0 || settings.increment_ms > 180 * 1000)
        return "\"increment_ms\" must be between 0 and 180000 (3 min)";
    return std::nullopt;
}

} // namespace evo::app
