// A game's clock, kept by the server (issue "Play by link", docs/api.md "Clocks"): Fischer
// (initial time + increment per move) or correspondence (days per move). The running
// side's time is counted from the instant its turn began, so the stored clock needs no
// ticking and is right after a restart.
#pragma once

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
// At most this much of a move's time is credited as network delay (see on_move).
constexpr std::int64_t max_lag_credit_ms = 500;

struct GameClock {
    ClockSettings settings;
    std::array<std::int64_t, 2> remaining_ms{}; // White, Black, as of turn_started_ms
    std::optional<int> running;                 // 0 White, 1 Black; none before the first move
    std::int64_t turn_started_ms = 0;

    static GameClock start(const ClockSettings& settings);

    // The side's time left at `now` (never below 0).
    std::int64_t remaining_at(int side, std::int64_t now_ms) const;
    // When the running side's flag falls, if a side is running.
    std::optional<std::int64_t> flag_time() const;
    bool flagged_at(std::int64_t now_ms) const;
    // The side `mover` moved at `now`: its time used (less up to max_lag_credit_ms of the
    // network delay the client measured) is taken off, the increment added, and the
    // opponent's clock starts. The first move of the game starts the clock without
    // charging anyone. Call only when not flagged_at(now + credit).
    void on_move(int mover, std::int64_t now_ms, std::int64_t lag_ms);
    // A takeback or another change of turn that charges nobody: `side` runs from now.
    void restart_for(int side, std::int64_t now_ms);
    // The game is over: the running side's time is taken off and nothing runs.
    void stop(std::int64_t now_ms);
};

// Checks settings read from a request: 0 < initial <= 3 h, 0 <= increment <= 3 min,
// 1 <= days <= 14. Answers a sentence for a person when they are not valid.
std::optional<const char*> invalid_clock_settings(const ClockSettings& settings);

} // namespace evo::app
