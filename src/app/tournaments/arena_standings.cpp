#include "arena_standings.h"

#include <algorithm>
#include <unordered_map>

namespace evo::app {

ArenaScoringOptions arena_scoring_options(const ArenaSettings& settings) {
    ArenaScoringOptions options;
    options.streaks = settings.streakable;
    options.berserk = settings.berserkable;
    options.lengths = arena_lengths_of(settings.variant);
    return options;
}

std::vector<ArenaGame> arena_games_of(std::span<const ArenaEntrant> entrants,
                                      std::span<const ArenaGameResult> results) {
    std::map<std::string, ArenaPlayerId> ids;
    for (const ArenaEntrant& entrant : entrants) ids[entrant.player] = entrant.id;
    std::vector<ArenaGame> games;
    games.reserve(results.size());
    for (const ArenaGameResult& result : results) {
        auto white = ids.find(result.white);
        auto black = ids.find(result.black);
        if (white == ids.end() || black == ids.end()) continue;
        ArenaGame game;
        game.white = white->second;
        game.black = black->second;
        game.finished = true;
        game.drawn = !result.winner;
        if (result.winner) game.winner = *result.winner == White ? game.white : game.black;
        game.plies = result.plies;
        game.white_berserked = result.white_berserked;
        game.black_berserked = result.black_berserked;
        games.push_back(game);
    }
    return games;
}

std::vector<StandingRow> arena_standings(const ArenaSettings& settings,
                                         std::span<const ArenaEntrant> entrants,
                                         std::span<const ArenaGameResult> results) {
    std::vector<ArenaGame> games = arena_games_of(entrants, results);
    std::unordered_map<ArenaPlayerId, ArenaSheet> sheets;
    for (PlayerSheet& sheet : arena_sheets(games, arena_scoring_options(settings)))
        sheets[sheet.player] = std::move(sheet.sheet);
    std::vector<StandingRow> rows;
    rows.reserve(entrants.size());
    for (const ArenaEntrant& entrant : entrants) {
        StandingRow row;
        row.entrant = entrant;
        if (auto it = sheets.find(entrant.id); it != sheets.end()) row.sheet = it->second;
        row.games = int(row.sheet.entries.size());
        row.wins = int(std::count_if(
            row.sheet.entries.begin(), row.sheet.entries.end(),
            [](const SheetEntry& entry) { return entry.result == SheetResult::Win; }));
        rows.push_back(std::move(row));
    }
    // lila ranks by score; ties here by rating, then by who joined first.
    std::stable_sort(rows.begin(), rows.end(), [](const StandingRow& a, const StandingRow& b) {
        if (a.sheet.total != b.sheet.total) return a.sheet.total > b.sheet.total;
        if (a.entrant.rating != b.entrant.rating) return a.entrant.rating > b.entrant.rating;
        return a.entrant.id < b.entrant.id;
    });
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i].rank = int(i) + 1;
    return rows;
}

} // namespace evo::app
