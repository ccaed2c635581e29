// The columns of the games table that a save rewrites, one list for the SQLite and the
// PostgreSQL repositories (each binds a record's fields in this order), and how a field is
// written to its column and read back.
#pragma once

#include "app/common/storage_error.h"
#include "app/record/declared_result.h"
#include "app/record/game_record.h"

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>

namespace evo::app {

inline constexpr const char* changeable_column_names[] = {
    "white",
    "black",
    "engine_movetime_ms",
    "engine_depth",
    "declared_result",
    "declared_reason",
    "draw_offer",
    "fen",
    "result",
    "reason",
    "move_count",
    "updated",
    "online",
    "white_token",
    "black_token",
    "invite_code",
    "clock_initial_ms",
    "clock_increment_ms",
    "clock_days",
    "clock_white_ms",
    "clock_black_ms",
    "clock_running",
    "clock_turn_started_ms",
    "flag_at_ms",
    "takeback_offer",
    "rematch_offer",
    "rematch_id",
    "engine_level",
    "clock_white_lag_quota_ms",
    "clock_black_lag_quota_ms",
    "clock_berserk",
};
inline constexpr int changeable_column_count = int(std::size(changeable_column_names));

// "white, black, ...": the list for the statements that write them.
inline std::string changeable_columns() {
    std::string columns;
    for (const char* name : changeable_column_names)
        columns += (columns.empty() ? "" : ", ") + std::string(name);
    return columns;
}

// Berserk as clock_berserk holds it: 1 White went berserk, 2 Black did, 4 the game allows it.
inline std::int64_t berserk_bits(const GameClock& clock) {
    return (clock.berserked[0] ? 1 : 0) | (clock.berserked[1] ? 2 : 0) |
           (clock.berserk_allowed ? 4 : 0);
}
inline void read_berserk_bits(GameClock& clock, std::optional<std::int64_t> bits) {
    clock.berserked = {(bits.value_or(0) & 1) != 0, (bits.value_or(0) & 2) != 0};
    clock.berserk_allowed = (bits.value_or(0) & 4) != 0;
}

// How a record's fields are written to and read from their columns.
inline PlayerKind player_kind_or_human(const std::string& name) {
    return player_kind_from_name(name).value_or(PlayerKind::Human);
}

// A side is kept as its letter, "w" or "b", as it always was.
inline std::optional<std::string> side_text(const std::optional<Color>& side) {
    if (!side) return std::nullopt;
    return *side == White ? "w" : "b";
}

inline std::optional<Color> side_of(const std::optional<std::string>& text) {
    if (text == "w") return White;
    if (text == "b") return Black;
    return std::nullopt;
}

// A declared result is kept as its two texts, the result ("1-0") and the reason
// ("resignation"), as it always was; none: no column is set.
struct DeclaredResultText {
    std::optional<std::string> result;
    std::optional<std::string> reason;
};

inline DeclaredResultText declared_result_text(const std::optional<DeclaredResult>& declared) {
    if (!declared) return {};
    return {outcome_text(declared->outcome), std::string(declared_reason_name(declared->reason))};
}

// Read back from its columns (`database` and `id` name the row for an error): texts that are
// not ours are damaged data, refused as corrupt.
inline std::optional<DeclaredResult>
declared_result_of_columns(const char* database, std::int64_t id,
                           const std::optional<std::string>& result,
                           const std::optional<std::string>& reason) {
    if (!result) return std::nullopt;
    std::optional<DeclaredResult> declared =
        declared_result_from_text(*result, reason.value_or(""));
    if (!declared)
        throw StorageError(StorageErrorKind::Corrupt,
                           std::string(database) + ": game " + std::to_string(id) +
                               " has a declared result that is not one of ours: '" + *result +
                               "', '" + reason.value_or("") + "'");
    return declared;
}

inline std::optional<std::string> token_text(const std::string& token) {
    if (token.empty()) return std::nullopt;
    return token;
}

inline std::optional<std::int64_t> optional_int64(bool present, std::int64_t value) {
    return present ? std::optional<std::int64_t>(value) : std::nullopt;
}

// A clock from its columns (clock_initial_ms, clock_increment_ms, clock_days, clock_white_ms,
// clock_black_ms, clock_running, clock_turn_started_ms); none when the game has no clock.
inline std::optional<GameClock>
clock_of_columns(std::optional<std::int64_t> initial_ms, std::optional<std::int64_t> increment_ms,
                 std::optional<int> days, std::optional<std::int64_t> white_ms,
                 std::optional<std::int64_t> black_ms, const std::optional<std::string>& running,
                 std::optional<std::int64_t> turn_started_ms) {
    if (!white_ms) return std::nullopt;
    ClockSettings settings;
    settings.initial_ms = initial_ms.value_or(0);
    settings.increment_ms = increment_ms.value_or(0);
    if (days) settings.days_per_move = *days;
    GameClock clock = GameClock::start(settings);
    clock.remaining_ms = {*white_ms, black_ms.value_or(0)};
    clock.running = side_of(running);
    clock.turn_started_ms = turn_started_ms.value_or(0);
    return clock;
}

} // namespace evo::app
