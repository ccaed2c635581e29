// Berserk, by lichess's clock rules (scalachess `Clock.Config`, lila's round): where a clock
// allows it, what the berserked clock is, and when a player may still go berserk.
#pragma once

#include "arena_clock.h"

#include <cstdint>
#include <optional>

namespace evo::app {

// lila's `berserkable`: every clock but one with no base time and an increment (B1).
bool clock_allows_berserk(ArenaClock clock);
// Whether berserk halves the base time: not when the base is under 40 x the increment, where
// lichess takes only the increment away (B2).
bool berserk_halves_base(ArenaClock clock);

// The berserked player's clock in milliseconds: half the base (B2), no increment (B3). A clock
// with no base starts at its increment, at least 3 s, as lichess's.
struct BerserkedClock {
    std::int64_t initial_ms = 0;
    std::int64_t increment_ms = 0;
};
BerserkedClock berserked_clock(ArenaClock clock);
// What berserk takes off the base in milliseconds (B2): half of it, or nothing.
std::int64_t berserk_penalty_ms(ArenaClock clock);

enum class BerserkRefusal {
    NotInEvent,       // the event or its clock allows no berserk
    AfterOwnMove,     // the player has moved already (B4)
    AlreadyBerserked, // once per game (B4)
    GameOver,
};

struct BerserkRequest {
    bool event_allows_berserk = true; // the event's option and clock_allows_berserk
    bool game_running = true;
    bool player_is_white = true;
    int plies_played = 0;
    bool already_berserked = false;
};
// Why a berserk is refused, or nothing when it may go ahead: before the player's own first
// move (White at ply 0, Black at ply 0 or 1), once.
std::optional<BerserkRefusal> berserk_refusal(const BerserkRequest& request);
// The refusal as a sentence for the player.
const char* berserk_refusal_text(BerserkRefusal refusal);

} // namespace evo::app
