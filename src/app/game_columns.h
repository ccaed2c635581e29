// The columns of the games table that a save rewrites, one list for the SQLite and the
// PostgreSQL repositories: each binds a record's fields in this order.
#pragma once

#include <iterator>
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
};
inline constexpr int changeable_column_count = int(std::size(changeable_column_names));

// "white, black, ...": the list for the statements that write them.
inline std::string changeable_columns() {
    std::string columns;
    for (const char* name : changeable_column_names)
        columns += (columns.empty() ? "" : ", ") + std::string(name);
    return columns;
}

} // namespace evo::app
