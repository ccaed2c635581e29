// The arena's score sheet, by lichess's rules (lila's tournament `Sheet`): a player's games in
// the order they were played give each a score and marks (fire, berserk, a draw that counts
// nothing), and the sum is the player's score. Pure: the games are handed in. docs/tournaments.md
// numbers every rule.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace evo::app {

using ArenaPlayerId = std::int64_t;

// One game of the event as the scoring needs it. `winner` is empty for a draw; `finished` is
// false for a game still running, which counts nothing (rule S9).
struct ArenaGame {
    ArenaPlayerId white = 0;
    ArenaPlayerId black = 0;
    bool finished = false;
    bool drawn = false;
    ArenaPlayerId winner = 0; // when finished and not drawn
    int plies = 0;
    bool white_berserked = false;
    bool black_berserked = false;
};

// The game lengths the rules count in plies, per variant (data, not branches: a variant with
// other game lengths gets its own line in arena_lengths_of).
struct ArenaLengths {
    int quick_draw_below = 20; // a draw shorter than this scores 0 for both (S5)
    int berserk_win_from = 14; // a berserk win this long or longer scores +1 (S4)
    int long_game_from = 60;   // a draw this long scores even in a draw streak (S6)
};

// The thresholds of a variant by its name ("chess", "evochess", "echess", "promoteking"; a
// variant loaded from a file gets chess's).
ArenaLengths arena_lengths_of(std::string_view variant);

struct ArenaScoringOptions {
    bool streaks = true; // lila's `streakable`: off, no fire (draw streaks still apply, S7)
    bool berserk = true; // lila's `berserkable`: off, no berserk point
    ArenaLengths lengths;
};

enum class SheetResult { Win, Loss, Draw, QuickDraw };
// lila's flags: Normal; StreakStarter (a win that may start a streak: the first of two, shown
// as such until the next game is not a win); OnFire (a win or draw played on fire, doubled);
// NullDraw (a draw in a draw streak, worth 0).
enum class SheetFlag { Normal, StreakStarter, OnFire, NullDraw };
// Valid: berserked in a game of at least berserk_win_from plies; Invalid: a shorter one.
enum class SheetBerserk { None, Valid, Invalid };

struct SheetEntry {
    SheetResult result = SheetResult::Loss;
    SheetFlag flag = SheetFlag::Normal;
    SheetBerserk berserk = SheetBerserk::None;
    int points = 0;
};

struct ArenaSheet {
    std::vector<SheetEntry> entries; // in the order played
    int total = 0;
    bool on_fire = false; // the last two games are wins (and streaks are on)
};

// The points of one entry (S1-S5): win 2, draw 1, loss 0; doubled on fire; +1 for a valid
// berserk win; a quick or null draw 0.
int sheet_points(SheetResult result, SheetFlag flag, SheetBerserk berserk);

// The sheet of `player` from the event's games in the order they started; games without the
// player and running games are skipped.
ArenaSheet arena_sheet(ArenaPlayerId player, std::span<const ArenaGame> games,
                       const ArenaScoringOptions& options);

// A finished game added to the end of `player`'s sheet (a running game, or one without the
// player, changes nothing): the standings grow game by game with it.
void add_to_sheet(ArenaSheet& sheet, ArenaPlayerId player, const ArenaGame& game,
                  const ArenaScoringOptions& options);

struct PlayerSheet {
    ArenaPlayerId player = 0;
    ArenaSheet sheet;
};
// Every player's sheet from the event's games in one pass, in the order each player first
// appears.
std::vector<PlayerSheet> arena_sheets(std::span<const ArenaGame> games,
                                      const ArenaScoringOptions& options);

} // namespace evo::app
