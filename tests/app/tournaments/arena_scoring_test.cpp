// The arena's scoring (docs/tournaments.md, S1-S9) on made-up game sequences, each against a
// table written by hand.
#include "app/tournaments/arena_scoring.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>

#include <string>
#include <vector>

namespace evo::app {
namespace {

constexpr ArenaPlayerId me = 1;

// "W30" a win in 30 plies, "L40" a loss, "D25" a draw, a trailing "b" when `me` berserked,
// "R" a game still running. Each game against another opponent, `me` White in every other.
std::vector<ArenaGame> games_of(const std::vector<std::string>& codes) {
    std::vector<ArenaGame> games;
    ArenaPlayerId opponent = 100;
    for (const auto& code : codes) {
        ArenaGame game;
        const bool white = games.size() % 2 == 0;
        game.white = white ? me : opponent;
        game.black = white ? opponent : me;
        const bool berserk = code.back() == 'b';
        (white ? game.white_berserked : game.black_berserked) = berserk;
        game.finished = code[0] != 'R';
        game.drawn = code[0] == 'D';
        if (code[0] == 'W') game.winner = me;
        if (code[0] == 'L') game.winner = opponent;
        if (code.size() > 1 && std::isdigit(static_cast<unsigned char>(code[1])))
            game.plies = std::stoi(code.substr(1));
        games.push_back(game);
        ++opponent;
    }
    return games;
}

struct Row {
    SheetResult result;
    SheetFlag flag;
    SheetBerserk berserk;
    int points;
};

constexpr auto W = SheetResult::Win;
constexpr auto L = SheetResult::Loss;
constexpr auto D = SheetResult::Draw;
constexpr auto QD = SheetResult::QuickDraw;
constexpr auto N = SheetFlag::Normal;
constexpr auto SS = SheetFlag::StreakStarter;
constexpr auto F = SheetFlag::OnFire;
constexpr auto ND = SheetFlag::NullDraw;
constexpr auto no = SheetBerserk::None;
constexpr auto ok = SheetBerserk::Valid;
constexpr auto bad = SheetBerserk::Invalid;

void expect_sheet(const ArenaSheet& sheet, const std::vector<Row>& rows, int total) {
    ASSERT_EQ(sheet.entries.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        SCOPED_TRACE("game " + std::to_string(i + 1));
        EXPECT_EQ(sheet.entries[i].result, rows[i].result);
        EXPECT_EQ(sheet.entries[i].flag, rows[i].flag);
        EXPECT_EQ(sheet.entries[i].berserk, rows[i].berserk);
        EXPECT_EQ(sheet.entries[i].points, rows[i].points);
    }
    EXPECT_EQ(sheet.total, total);
}

ArenaSheet sheet_of(const std::vector<std::string>& codes, ArenaScoringOptions options = {}) {
    const auto games = games_of(codes);
    return arena_sheet(me, games, options);
}

TEST(ArenaScoring, WinDrawLossScoreTwoOneNothing) {
    expect_sheet(sheet_of({"W30", "L30", "D30"}), {{W, N, no, 2}, {L, N, no, 0}, {D, N, no, 1}}, 3);
}

TEST(ArenaScoring, TwoWinsSetThePlayerOnFireUntilAGameIsNotWon) {
    const auto sheet = sheet_of({"W30", "W30", "W30", "W30", "L30", "W30"});
    expect_sheet(sheet,
                 {{W, SS, no, 2},
                  {W, SS, no, 2},
                  {W, F, no, 4},
                  {W, F, no, 4},
                  {L, N, no, 0},
                  {W, SS, no, 2}},
                 14);
    EXPECT_FALSE(sheet.on_fire);
    EXPECT_TRUE(sheet_of({"L30", "W30", "W30"}).on_fire);
}

TEST(ArenaScoring, ADrawOnFireIsDoubledAndEndsTheFire) {
    // The second win is no streak starter once a draw follows it; the draw after the doubled
    // one is in a draw streak.
    expect_sheet(sheet_of({"W30", "W30", "D30", "D30"}),
                 {{W, SS, no, 2}, {W, N, no, 2}, {D, F, no, 2}, {D, ND, no, 0}}, 6);
}

TEST(ArenaScoring, DrawsAfterADrawScoreNothingUntilAWinUnlessLong) {
    expect_sheet(sheet_of({"D30", "L30", "D30", "W30", "D30", "D60", "D59"}),
                 {{D, N, no, 1},
                  {L, N, no, 0},
                  {D, ND, no, 0},
                  {W, N, no, 2},
                  {D, N, no, 1},
                  {D, N, no, 1},
                  {D, ND, no, 0}},
                 5);
}

TEST(ArenaScoring, AQuickDrawScoresNothingAndCountsAsADrawForTheStreak) {
    expect_sheet(sheet_of({"D10", "D30", "W30", "D19", "W30", "W30", "W30"}),
                 {{QD, N, no, 0},
                  {D, ND, no, 0},
                  {W, N, no, 2},
                  {QD, N, no, 0},
                  {W, SS, no, 2},
                  {W, SS, no, 2},
                  {W, F, no, 4}},
                 10);
    // 20 plies is no longer quick.
    expect_sheet(sheet_of({"D20"}), {{D, N, no, 1}}, 1);
}

TEST(ArenaScoring, ABerserkWinOfFourteenPliesOrMoreScoresOneMore) {
    expect_sheet(sheet_of({"W14b", "W13b", "W30b", "L30b", "D30b"}),
                 {{W, SS, ok, 3}, {W, SS, bad, 2}, {W, F, ok, 5}, {L, N, ok, 0}, {D, N, ok, 1}},
                 11);
}

TEST(ArenaScoring, OnlyTheBerserkingPlayerGetsThePoint) {
    auto games = games_of({"W30b"});
    games[0].black_berserked = false;
    const ArenaPlayerId opponent = games[0].black;
    games[0].winner = opponent;
    const auto sheet = arena_sheet(opponent, games, {});
    expect_sheet(sheet, {{W, SS, no, 2}}, 2);
}

TEST(ArenaScoring, WithoutStreaksNoFireButDrawStreaksStill) {
    ArenaScoringOptions options;
    options.streaks = false;
    const auto sheet = sheet_of({"W30", "W30", "W30", "D30", "D30", "D80"}, options);
    expect_sheet(
        sheet,
        {{W, N, no, 2}, {W, N, no, 2}, {W, N, no, 2}, {D, N, no, 1}, {D, ND, no, 0}, {D, N, no, 1}},
        8);
    EXPECT_FALSE(sheet_of({"W30", "W30"}, options).on_fire);
}

TEST(ArenaScoring, WithoutBerserkNoBerserkMarkOrPoint) {
    ArenaScoringOptions options;
    options.berserk = false;
    expect_sheet(sheet_of({"W30b", "W10b"}, options), {{W, SS, no, 2}, {W, SS, no, 2}}, 4);
}

TEST(ArenaScoring, RunningGamesAndOtherPlayersGamesCountNothing) {
    auto games = games_of({"W30", "R", "W30"});
    ArenaGame others;
    others.white = 7;
    others.black = 8;
    others.finished = true;
    others.winner = 7;
    others.plies = 40;
    games.insert(games.begin() + 1, others);
    // The running game does not break the streak: the two wins set the player on fire.
    const auto sheet = arena_sheet(me, games, {});
    expect_sheet(sheet, {{W, SS, no, 2}, {W, SS, no, 2}}, 4);
    EXPECT_TRUE(sheet.on_fire);
    EXPECT_EQ(arena_sheet(7, games, {}).total, 2);
    EXPECT_EQ(arena_sheet(42, games, {}).total, 0);
}

TEST(ArenaScoring, TheLosersSheetOfTheSameGames) {
    const auto games = games_of({"W30", "W30", "D30"});
    // Opponents 100 and 101 lost one game each, 102 drew one.
    expect_sheet(arena_sheet(100, games, {}), {{L, N, no, 0}}, 0);
    expect_sheet(arena_sheet(102, games, {}), {{D, N, no, 1}}, 1);
}

TEST(ArenaScoring, LongGameThresholdsAreThoseOfTheVariant) {
    EXPECT_EQ(arena_lengths_of("chess").long_game_from, 60);
    EXPECT_EQ(arena_lengths_of("evochess").long_game_from, 90);
    EXPECT_EQ(arena_lengths_of("echess").long_game_from, 90);
    EXPECT_EQ(arena_lengths_of("promoteking").long_game_from, 60);
    EXPECT_EQ(arena_lengths_of("a-loaded-variant").long_game_from, 60);
    ArenaScoringOptions evochess;
    evochess.lengths = arena_lengths_of("evochess");
    expect_sheet(sheet_of({"D30", "D70", "D90"}, evochess),
                 {{D, N, no, 1}, {D, ND, no, 0}, {D, N, no, 1}}, 2);
    expect_sheet(sheet_of({"D30", "D70"}), {{D, N, no, 1}, {D, N, no, 1}}, 2);
}

TEST(ArenaScoring, PointsTable) {
    EXPECT_EQ(sheet_points(W, N, no), 2);
    EXPECT_EQ(sheet_points(W, SS, no), 2);
    EXPECT_EQ(sheet_points(W, F, no), 4);
    EXPECT_EQ(sheet_points(W, F, ok), 5);
    EXPECT_EQ(sheet_points(W, N, bad), 2);
    EXPECT_EQ(sheet_points(D, N, ok), 1);
    EXPECT_EQ(sheet_points(D, F, no), 2);
    EXPECT_EQ(sheet_points(D, ND, no), 0);
    EXPECT_EQ(sheet_points(QD, N, no), 0);
    EXPECT_EQ(sheet_points(L, N, ok), 0);
}

// The rules written a second way, over the whole sequence at once (a win is a streak starter
// when the next counted game is a win too, or when it is the last), against the sheet that
// grows game by game, on random sequences.
std::vector<Row> reference_sheet(const std::vector<ArenaGame>& all, const ArenaScoringOptions& o) {
    std::vector<ArenaGame> games;
    for (const auto& g : all)
        if (g.finished && (g.white == me || g.black == me)) games.push_back(g);
    const auto result = [&](std::size_t i) {
        const auto& g = games[i];
        if (g.drawn) return g.plies < o.lengths.quick_draw_below ? QD : D;
        return g.winner == me ? W : L;
    };
    std::vector<Row> rows;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto r = result(i);
        const bool fire = o.streaks && i >= 2 && result(i - 1) == W && result(i - 2) == W;
        auto flag = N;
        if (r == W && o.streaks) {
            flag = fire ? F : (i + 1 == games.size() || result(i + 1) == W) ? SS : N;
        } else if (r == D) {
            bool streak = false;
            for (std::size_t j = i; j-- > 0;)
                if (result(j) != L) {
                    streak = result(j) != W;
                    break;
                }
            flag = fire ? F : (streak && games[i].plies < o.lengths.long_game_from) ? ND : N;
        }
        const bool berserked = o.berserk && (games[i].white == me ? games[i].white_berserked
                                                                  : games[i].black_berserked);
        const auto mark = !berserked ? no : games[i].plies >= o.lengths.berserk_win_from ? ok : bad;
        int points = 0;
        if (r == W) points = (flag == F ? 4 : 2) + (mark == ok ? 1 : 0);
        if (r == D) points = flag == ND ? 0 : flag == F ? 2 : 1;
        rows.push_back({r, flag, mark, points});
    }
    return rows;
}

TEST(ArenaScoring, TheSheetEqualsTheRulesWrittenOverTheWholeSequence) {
    std::mt19937 random(14);
    const char* kinds[] = {"W", "L", "D", "R"};
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<std::string> codes;
        const int length = static_cast<int>(random() % 16);
        for (int g = 0; g < length; ++g) {
            const char* kind = kinds[random() % 10 < 4 ? 0 : 1 + random() % 3];
            std::string code = kind;
            if (code != "R") code += std::to_string(random() % 100);
            if (random() % 4 == 0) code += "b";
            codes.push_back(code);
        }
        ArenaScoringOptions options;
        options.streaks = trial % 3 != 0;
        options.berserk = trial % 4 != 0;
        options.lengths = arena_lengths_of(trial % 2 ? "evochess" : "chess");
        const auto games = games_of(codes);
        const auto rows = reference_sheet(games, options);
        int total = 0;
        for (const auto& row : rows) total += row.points;
        SCOPED_TRACE("trial " + std::to_string(trial));
        expect_sheet(arena_sheet(me, games, options), rows, total);
        if (HasFailure()) return;
    }
}

// The one-pass sheets of every player equal each player's own sheet, on random events.
TEST(ArenaScoring, EveryPlayersSheetsInOnePassEqualEachPlayersOwn) {
    std::mt19937 random(9);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<ArenaGame> games;
        for (int g = 0; g < 60; ++g) {
            ArenaGame game;
            game.white = 1 + static_cast<ArenaPlayerId>(random() % 8);
            game.black = 1 + (game.white + random() % 7) % 8;
            game.finished = random() % 10 != 0;
            game.drawn = random() % 3 == 0;
            game.winner = random() % 2 ? game.white : game.black;
            game.plies = static_cast<int>(random() % 120);
            game.white_berserked = random() % 4 == 0;
            game.black_berserked = random() % 4 == 0;
            games.push_back(game);
        }
        ArenaScoringOptions options;
        options.streaks = trial % 3 != 0;
        options.berserk = trial % 5 != 0;
        int points = 0;
        for (const auto& [player, sheet] : arena_sheets(games, options)) {
            const auto own = arena_sheet(player, games, options);
            ASSERT_EQ(sheet.total, own.total);
            ASSERT_EQ(sheet.on_fire, own.on_fire);
            ASSERT_EQ(sheet.entries.size(), own.entries.size());
            int sum = 0;
            for (std::size_t i = 0; i < own.entries.size(); ++i) {
                ASSERT_EQ(sheet.entries[i].flag, own.entries[i].flag);
                sum += own.entries[i].points;
            }
            ASSERT_EQ(sum, own.total);
            points += own.total;
        }
        // Each finished game gives out at most 2 x (4 + 1) points and a loss nothing.
        EXPECT_LE(points, 10 * static_cast<int>(games.size()));
    }
}

} // namespace
} // namespace evo::app
