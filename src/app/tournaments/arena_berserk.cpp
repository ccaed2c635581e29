#include "arena_berserk.h"

#include <algorithm>

namespace evo::app {

bool clock_allows_berserk(ArenaClock clock) {
    return clock.increment_seconds == 0 || clock.base_seconds > 0;
}

bool berserk_halves_base(ArenaClock clock) {
    return clock.base_seconds >= 40 * clock.increment_seconds;
}

BerserkedClock berserked_clock(ArenaClock clock) {
    const std::int64_t base_ms = std::int64_t{clock.base_seconds} * 1000;
    const std::int64_t increment_ms = std::int64_t{clock.increment_seconds} * 1000;
    const std::int64_t initial_ms =
        clock.base_seconds == 0 ? std::max<std::int64_t>(increment_ms, 3000) : base_ms;
    return {initial_ms - berserk_penalty_ms(clock), 0};
}

std::int64_t berserk_penalty_ms(ArenaClock clock) {
    return berserk_halves_base(clock) ? std::int64_t{clock.base_seconds} * 1000 / 2 : 0;
}

std::optional<BerserkRefusal> berserk_refusal(const BerserkRequest& request) {
    if (!request.event_allows_berserk) return BerserkRefusal::NotInEvent;
    if (!request.game_running) return BerserkRefusal::GameOver;
    if (request.already_berserked) return BerserkRefusal::AlreadyBerserked;
    const int own_moves_made =
        request.player_is_white ? (request.plies_played + 1) / 2 : request.plies_played / 2;
    if (own_moves_made > 0) return BerserkRefusal::AfterOwnMove;
    return std::nullopt;
}

const char* berserk_refusal_text(BerserkRefusal refusal) {
    switch (refusal) {
    case BerserkRefusal::NotInEvent: return "this game allows no berserk";
    case BerserkRefusal::AfterOwnMove: return "berserk only before your first move";
    case BerserkRefusal::AlreadyBerserked: return "you went berserk already";
    case BerserkRefusal::GameOver: return "the game is over";
    }
    return "no berserk";
}

} // namespace evo::app
