// A game's clock, kept by the server (issue "Play by link", docs/api.md "Clocks"): Fischer
// (initial time + increment per move) or correspondence (days per move). The running
// side's time is counted from the instant its turn began, so the stored clock needs no
// ticking and is right after a restart.
#pragma once

#include "core/types.h"

#include <array>
#include <cstdint>
#include <optional>

namespace evo::app {

struct ClockSettings {
    std::int64_t initial_ms = 0;
    std::int64_t increment_ms = 0;
    std::optional<int> days_per_move; // set: correspondence, initial/increment unused
};

constexpr std::int64_t day_ms = 24LL * 60 * 60 * 1000;
// Network delay a client claims (lag_ms) is credited from a quota per player, as lichess
// does: the server cannot see the line's delay, so a claim is trusted only this far. The
// quota starts at lag_quota_start_ms, gives at most max_lag_credit_ms to one move, and
// refills by lag_quota_refill_ms a charged move up to lag_quota_max_ms (see on_move).
constexpr std::int64_t max_lag_credit_ms = 500;
constexpr std::int64_t lag_quota_start_ms = 500;
constexpr std::int64_t lag_quota_refill_ms = 100;
constexpr std::int64_t lag_quota_max_ms = 1000;

struct GameClock {
    ClockSettings settings;
    std::array<std::int64_t, 2> remaining_ms{}; // White, Black, as of turn_started_ms
    std::optional<Color> running;               // none before the first move
    std::int64_t turn_started_ms = 0;
    // What each side may still be credited for network delay (see on_move).
    std::array<std::int64_t, 2> lag_quota_ms{lag_quota_start_ms, lag_quota_start_ms};
    // Sides that went berserk in an arena (tournaments/arena_berserk.h): their time was cut
    // and they get no increment.
    std::array<bool, 2> berserked{false, false};
    bool berserk_allowed = false; // an arena game whose event allows berserk

    static GameClock start(const ClockSettings& settings);

    // The side's time left at `now` (never below 0).
    std::int64_t remaining_at(Color side, std::int64_t now_ms) const;
    // When the running side's flag falls, if a side is running.
    std::optional<std::int64_t> flag_time() const;
    bool flagged_at(std::int64_t now_ms) const;
    // The side `mover` moved at `now`: its time used, less a credit for the network delay
    // the client claims (lag_ms, credited up to max_lag_credit_ms, the mover's quota and
    // the time used), is taken off, the increment added, and the opponent's clock starts;
    // the quota pays the credit and refills by lag_quota_refill_ms. The first move of the
    // game starts the clock without charging anyone. Call only when not flagged_at(now):
    // a flag that fell before the move arrived is not raised again by a credit.
    void on_move(Color mover, std::int64_t now_ms, std::int64_t lag_ms);
    // A takeback or another change of turn that charges nobody: `side` runs from now (none:
    // back at the start of the game, where nothing runs until the first move).
    void restart_for(std::optional<Color> side, std::int64_t now_ms);
    // `side` goes berserk: `penalty_ms` comes off its time (what it has used stays used) and
    // it gets no increment from now on.
    void go_berserk(Color side, std::int64_t penalty_ms);
    // The side's increment: none once it went berserk.
    std::int64_t increment_of(Color side) const;
    // The game is over: the running side's time is taken off and nothing runs.
    void stop(std::int64_t now_ms);
};

// Checks settings read from a request: 0 < initial <= 3 h, 0 <= increment <= 3 min,
// 1 <= days <= 14. Answers a sentence for a person when they are not valid.
std::optional<const char*> invalid_clock_settings(const ClockSettings& settings);

} // namespace evo::app
