#include "arena_scoring.h"

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

ArenaSheet arena_sheet(ArenaPlayerId player, std::span<const ArenaGame> games,
                       const ArenaScoringOptions& options) {
    ArenaSheet sheet;
    const ArenaLengths& lengths = options.lengths;
    for (const ArenaGame& game : games) {
        if (!game.finished || (game.white != player && game.black != player)) continue;
        const bool berserked =
            options.berserk && (game.white == player ? game.white_berserked : game.black_berserked);
        SheetEntry entry;
        if (berserked)
            entry.berserk = game.plies >= lengths.berserk_win_from ? SheetBerserk::Valid
                                                                   : SheetBerserk::Invalid;
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
            if (options.streaks)
                entry.flag = on_fire ? SheetFlag::OnFire : SheetFlag::StreakStarter;
        } else {
            entry.result = SheetResult::Loss;
        }
        // A streak starter that no second win followed is an ordinary win (lila marks it so).
        if (!won && !sheet.entries.empty() && sheet.entries.back().flag == SheetFlag::StreakStarter)
            sheet.entries.back().flag = SheetFlag::Normal;
        entry.points = sheet_points(entry.result, entry.flag, entry.berserk);
        sheet.total += entry.points;
        sheet.entries.push_back(entry);
    }
    sheet.on_fire = options.streaks && last_two_won(sheet.entries);
    return sheet;
}

} // namespace evo::app
