// The miner on a fixed small input: the same puzzles twice, every one legal from its FEN;
// games already mined are skipped.
#include "protocol/puzzles/puzzle_miner.h"

#include "engine/engine_test_util.h"

#include "core/notation.h"
#include "core/pgn.h"

#include <gtest/gtest.h>

#include <mutex>

namespace evo::puzzles {
namespace {

// Chess game 7 of seed 1 holds puzzles in its first 52 plies at these settings, and a
// blunder left unpunished for two plies (one puzzle, not two).
MiningSettings small_settings() {
    MiningSettings s;
    s.variants = {&chess_variant()};
    s.seed = 1;
    s.finder_nodes = 2'000;
    s.rules.verify_nodes = 20'000;
    s.max_plies = 52;
    return s;
}

void expect_legal(const Puzzle& puzzle) {
    const Variant* variant = find_variant(puzzle.variant);
    ASSERT_NE(variant, nullptr);
    auto start = Position::from_fen(*variant, puzzle.fen);
    ASSERT_TRUE(start.ok()) << puzzle.fen;
    Game game(*start);
    ASSERT_GE(puzzle.moves.size(), 2u);
    for (const std::string& uci : puzzle.moves) {
        auto played = parse_uci_move(game.position(), uci);
        ASSERT_TRUE(played.ok()) << uci << " in " << game.position().fen();
        game.play(*played);
    }
    // The solver moves last.
    EXPECT_EQ(puzzle.moves.size() % 2, 0u) << to_json_line(puzzle);
    EXPECT_FALSE(puzzle.themes.empty());
}

TEST(PuzzleMiner, SameSeedSamePuzzlesAllLegal) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    MiningSettings s = small_settings();
    std::vector<Puzzle> first = mine_selfplay_game(chess_variant(), 7, s);
    std::vector<Puzzle> second = mine_selfplay_game(chess_variant(), 7, s);
    ASSERT_FALSE(first.empty()) << "the fixed input should hold a puzzle";
    ASSERT_EQ(first.size(), second.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(to_json_line(first[i]), to_json_line(second[i]));
        expect_legal(first[i]);
        EXPECT_EQ(first[i].origin.kind, "selfplay");
        EXPECT_EQ(first[i].origin.game, 7);
        // A blunder left unpunished for a few plies gives one puzzle, not one a ply.
        if (i > 0 && first[i - 1].origin.ply + 4 >= first[i].origin.ply) {
            EXPECT_NE(first[i - 1].moves[1], first[i].moves[1]) << to_json_line(first[i]);
        }
    }
}

TEST(PuzzleMiner, FindsTheBlunderOfARecordedGame) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    auto pgn = parse_pgn("[Variant \"chess\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    ASSERT_TRUE(pgn.ok()) << pgn.error();
    std::vector<Puzzle> puzzles = mine_recorded_game(pgn->game, 0, small_settings());
    ASSERT_EQ(puzzles.size(), 1u);
    EXPECT_EQ(puzzles[0].moves, (std::vector<std::string>{"g8f6", "h5f7"}));
    EXPECT_EQ(puzzles[0].origin.kind, "pgn");
    EXPECT_EQ(puzzles[0].origin.ply, 5);
    EXPECT_NE(std::find(puzzles[0].themes.begin(), puzzles[0].themes.end(), "mateIn1"),
              puzzles[0].themes.end());
    expect_legal(puzzles[0]);
}

TEST(PuzzleMiner, MinesEveryGameNotDoneOnThreads) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    MiningSettings s = small_settings();
    s.games = 3;
    s.max_plies = 12;
    s.threads = 2;
    s.done = {game_key("chess", "selfplay", 1)};
    std::vector<std::string> keys;
    s.on_game = [&](const std::string& key, const std::vector<Puzzle>&) { keys.push_back(key); };
    EXPECT_EQ(mine(s), 2);
    std::sort(keys.begin(), keys.end());
    EXPECT_EQ(keys, (std::vector<std::string>{"chess/selfplay/0", "chess/selfplay/2"}));
}

TEST(PuzzleMiner, InterruptedGamesAreNotReported) {
    MiningSettings s = small_settings();
    s.games = 2;
    std::atomic<bool> stop{true};
    s.interrupted = &stop;
    int reported = 0;
    s.on_game = [&](const std::string&, const std::vector<Puzzle>&) { ++reported; };
    EXPECT_EQ(mine(s), 0);
    EXPECT_EQ(reported, 0);
}

} // namespace
} // namespace evo::puzzles
