#include "tournament_json.h"

#include "core/variant.h"
#include "lichess_json.h"

#include <algorithm>

namespace evo::app {

using nlohmann::json;

namespace {

constexpr int standing_page_size = 10;

json standing_json(const StandingRow& row) {
    json player = {{"name", row.entrant.name},
                   {"rank", row.rank},
                   {"rating", row.entrant.rating},
                   {"score", row.sheet.total},
                   {"sheet", {{"scores", sheet_scores(row.sheet)}}}};
    if (row.sheet.on_fire) player["sheet"]["fire"] = true;
    if (row.entrant.provisional) player["provisional"] = true;
    if (row.entrant.bot) player["title"] = "BOT";
    if (row.entrant.withdrawn) player["withdraw"] = true;
    return player;
}

} // namespace

int lichess_tournament_status(ArenaStatus status) {
    switch (status) {
    case ArenaStatus::Created: return 10;
    case ArenaStatus::Started: return 20;
    case ArenaStatus::Finished: return 30;
    }
    return 30;
}

std::string sheet_scores(const ArenaSheet& sheet) {
    std::string scores;
    for (auto it = sheet.entries.rbegin(); it != sheet.entries.rend(); ++it)
        scores += char('0' + std::clamp(it->points, 0, 9));
    return scores;
}

json arena_list_json(const ArenaRecord& arena, int players, std::int64_t now_ms) {
    json out = {
        {"id", std::to_string(arena.id)},
        {"createdBy", lichess_user_id(arena.created_by_name)},
        {"system", "arena"},
        {"minutes", arena.minutes},
        {"clock",
         {{"limit", arena.clock.base_seconds}, {"increment", arena.clock.increment_seconds}}},
        {"rated", arena.rated},
        {"fullName", arena.name},
        {"nbPlayers", players},
        {"variant", variant_json(find_variant(arena.variant))},
        {"startsAt", arena.starts_ms},
        {"finishesAt", arena.finishes_ms()},
        {"status", lichess_tournament_status(arena.status)},
        {"berserkable", arena.berserkable},
        {"streakable", arena.streakable},
        {"allowBots", arena.allow_bots}};
    if (!arena.schedule_key.empty()) {
        out["schedule"] = {{"freq", frequency_of_schedule_key(arena.schedule_key)},
                           {"speed", lichess_speed(clock_settings_of(arena.clock))}};
    }
    if (arena.status == ArenaStatus::Created)
        out["secondsToStart"] = std::max<std::int64_t>(0, (arena.starts_ms - now_ms) / 1000);
    if (arena.status == ArenaStatus::Started)
        out["secondsToFinish"] = std::max<std::int64_t>(0, (arena.finishes_ms() - now_ms) / 1000);
    if (arena.status == ArenaStatus::Finished) out["finishedAt"] = arena.finished_ms;
    return out;
}

json arena_view_json(const ArenaView& view, int page, const std::string& viewer,
                     std::int64_t now_ms) {
    json out = arena_list_json(view.record, int(view.standings.size()), now_ms);
    out["isStarted"] = view.record.status != ArenaStatus::Created;
    out["isFinished"] = view.record.status == ArenaStatus::Finished;
    out["nbActivePlayers"] = view.active_players;
    json players = json::array();
    const std::size_t first = std::size_t(std::max(page, 1) - 1) * standing_page_size;
    for (std::size_t i = first; i < view.standings.size() && i < first + standing_page_size; ++i)
        players.push_back(standing_json(view.standings[i]));
    out["standing"] = {{"page", std::max(page, 1)}, {"players", std::move(players)}};
    for (const StandingRow& row : view.standings)
        if (!viewer.empty() && row.entrant.player == viewer) {
            out["me"] = {{"rank", row.rank}, {"withdraw", row.entrant.withdrawn}};
            if (view.viewer_game) {
                out["me"]["gameId"] = std::to_string(*view.viewer_game);
                out["me"]["seatToken"] = view.viewer_token;
            }
        }
    json games = json::array();
    for (std::size_t i = 0; i < view.running_games.size() && i < 6; ++i)
        games.push_back(std::to_string(view.running_games[i]));
    out["topGames"] = std::move(games);
    if (view.record.status == ArenaStatus::Finished) {
        json podium = json::array();
        for (std::size_t i = 0; i < view.standings.size() && i < 3; ++i) {
            const StandingRow& row = view.standings[i];
            json place = standing_json(row);
            place["nb"] = {{"game", row.games}, {"win", row.wins}};
            podium.push_back(std::move(place));
        }
        out["podium"] = std::move(podium);
    }
    return out;
}

json arena_result_json(const StandingRow& row) {
    json out = {{"rank", row.rank},
                {"score", row.sheet.total},
                {"rating", row.entrant.rating},
                {"username", row.entrant.name}};
    if (row.entrant.bot) out["title"] = "BOT";
    return out;
}

} // namespace evo::app
