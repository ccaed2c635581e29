// An arena's standings from its noted results (docs/tournaments.md, "Standings"): every
// entrant's sheet by the scoring rules (arena_scoring.h), ranked by score, then rating, then
// who joined first. Pure: the entrants and results are handed in, so the standings are always
// the sum of the games.
#pragma once

#include "arena_repository.h"
#include "arena_scoring.h"

#include <map>
#include <span>
#include <string>
#include <vector>

namespace evo::app {

struct StandingRow {
    int rank = 0; // 1 the leader
    ArenaEntrant entrant;
    ArenaSheet sheet;
    int games = 0;
    int wins = 0;
};

// The scoring options of the event (its streaks, berserk and variant's lengths).
ArenaScoringOptions arena_scoring_options(const ArenaSettings& settings);

// The noted results as the scoring reads them; a result of a player who is not an entrant
// counts nothing.
std::vector<ArenaGame> arena_games_of(std::span<const ArenaEntrant> entrants,
                                      std::span<const ArenaGameResult> results);

std::vector<StandingRow> arena_standings(const ArenaSettings& settings,
                                         std::span<const ArenaEntrant> entrants,
                                         std::span<const ArenaGameResult> results);

} // namespace evo::app
