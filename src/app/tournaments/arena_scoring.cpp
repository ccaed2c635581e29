#include "arena_scoring.h"

#include <unordered_map>

namespace evo::app {

ArenaLengths arena_lengths_of(std::string_view variant) {
    // The long-game threshold: lichess counts 60 plies in chess, about three quarters of a
    // typical game. EvoChess and EChess games run about 1.5 times as long as chess's (123.7 and
    // 121.8 plies on average in the self-play study of docs/variants.md), so 90; Promote King
    // Chess plays like chess until a king promotes, so chess's 60. The quick-draw and berserk
    // thresholds are about arranged and thrown games, not about length: lichess's in all.
    struct VariantLengths {
        std::string_view name;
        ArenaLengths lengths;
    };
    static constexpr VariantLengths table[] = {
        {"chess", {20, 14, 60}},
        {"evochess", {20, 14, 90}},
        {"echess", {20, 14, 90}},
        {"promoteking", {20, 14, 60}},
    };
    for (const auto& entry : table)
        if (entry.name == variant) return entry.lengths;
    return table[0].lengths;
}

int sheet_points(SheetResult result, SheetFlag flag, SheetBerserk berserk) {
    const bool doubled = flag == SheetFlag::OnFire;
    switch (result) {
    case SheetResult::Win: return (doubled ? 4 : 2) + (berserk == SheetBerserk::Valid ? 1 : 0);
    case SheetResult::Draw: return flag == SheetFlag::NullDraw ? 0 : (doubled ? 2 : 1);
    case SheetResult::QuickDraw:
    case SheetResult::Loss: return 0;
    }
    return 0;
}

namespace {

bool last_two_won(const std::vector<SheetEntry>& entries) {
    const auto n = entries.size();
    return n >= 2 && entries[n - 1].result == SheetResult::Win &&
           entries[n - 2].result == SheetResult::Win;
}

// In a draw streak: the last game that was not a loss was a draw (a quick one too).
bool in_draw_streak(const std::vector<SheetEntry>& entries) {
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        if (it->result == SheetResult::Loss) continue;
        return it->result != SheetResult::Win;
    }
    return false;
}

} // namespace

void add_to_sheet(ArenaSheet& sheet, ArenaPlayerId player, const ArenaGame& game,
                  const ArenaScoringOptions& options) {
    if (!game.finished || (game.white != player && game.black != player)) return;
    const ArenaLengths& lengths = options.lengths;
    const bool berserked =
        options.berserk && (game.white == player ? game.white_berserked : game.black_berserked);
    SheetEntry entry;
    if (berserked)
        entry.berserk =
            game.plies >= lengths.berserk_win_from ? SheetBerserk::Valid : SheetBerserk::Invalid;
    const bool on_fire = options.streaks && last_two_won(sheet.entries);
    const bool won = !game.drawn && game.winner == player;
    if (game.drawn && game.plies < lengths.quick_draw_below) {
        entry.result = SheetResult::QuickDraw;
    } else if (game.drawn) {
        entry.result = SheetResult::Draw;
        if (on_fire)
            entry.flag = SheetFlag::OnFire;
        else if (game.plies < lengths.long_game_from && in_draw_streak(sheet.entries))
            entry.flag = SheetFlag::NullDraw;
    } else if (won) {
        entry.result = SheetResult::Win;
        if (options.streaks) entry.flag = on_fire ? SheetFlag::OnFire : SheetFlag::StreakStarter;
    } else {
        entry.result = SheetResult::Loss;
    }
    // A streak starter that no second win followed is an ordinary win (lila marks it so).
    if (!won && !sheet.entries.empty() && sheet.entries.back().flag == SheetFlag::StreakStarter)
        sheet.entries.back().flag = SheetFlag::Normal;
    entry.points = sheet_points(entry.result, entry.flag, entry.berserk);
    sheet.total += entry.points;
    sheet.entries.push_back(entry);
    sheet.on_fire = options.streaks && last_two_won(sheet.entries);
}

ArenaSheet arena_sheet(ArenaPlayerId player, std::span<const ArenaGame> games,
                       const ArenaScoringOptions& options) {
    ArenaSheet sheet;
    for (const ArenaGame& game : games) add_to_sheet(sheet, player, game, options);
    return sheet;
}

std::vector<PlayerSheet> arena_sheets(std::span<const ArenaGame> games,
                                      const ArenaScoringOptions& options) {
    std::vector<PlayerSheet> sheets;
    std::unordered_map<ArenaPlayerId, std::size_t> index;
    const auto sheet_of = [&](ArenaPlayerId player) -> ArenaSheet& {
        const auto [it, added] = index.try_emplace(player, sheets.size());
        if (added) sheets.push_back({player, {}});
        return sheets[it->second].sheet;
    };
    for (const ArenaGame& game : games) {
        ArenaSheet& white = sheet_of(game.white);
        add_to_sheet(white, game.white, game, options);
        ArenaSheet& black = sheet_of(game.black); // after white's: a push may move the vector
        add_to_sheet(black, game.black, game, options);
    }
    return sheets;
}

} // namespace evo::app
