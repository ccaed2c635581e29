// The puzzles file and its state file: JSON round trip, a fresh start, --resume keeping the
// puzzles of mined games only, and refusing other settings.
#include "protocol/puzzles/puzzle_output.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace evo::puzzles {
namespace {

Puzzle sample(int game) {
    Puzzle p;
    p.variant = "evochess";
    p.fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0";
    p.moves = {"e2e4", "e7e5"};
    p.rating = 1200;
    p.themes = {"short", "fork"};
    p.origin = {"selfplay", game, 12};
    p.id = puzzle_id(p.variant, p.fen, p.moves);
    return p;
}

int count_lines(const std::string& path) {
    std::ifstream in(path);
    int n = 0;
    for (std::string line; std::getline(in, line);) n += !line.empty();
    return n;
}

TEST(PuzzleOutput, JsonRoundTrip) {
    Puzzle p = sample(3);
    auto back = puzzle_from_json(to_json_line(p));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(to_json_line(*back), to_json_line(p));
    EXPECT_FALSE(puzzle_from_json("{\"id\": 3}").ok());
    EXPECT_FALSE(puzzle_from_json("not json").ok());
    EXPECT_NE(puzzle_id("chess", p.fen, p.moves), p.id);
}

TEST(PuzzleOutput, ResumeKeepsMinedGamesAndSkipsThem) {
    const std::string path = ::testing::TempDir() + "puzzles_resume.jsonl";
    std::filesystem::remove(path);
    std::filesystem::remove(path + ".state");
    {
        auto out = PuzzleOutput::open(path, "settings A", false);
        ASSERT_TRUE(out.ok()) << out.error();
        EXPECT_TRUE((*out)->record("evochess/selfplay/3", {sample(3)}));
        EXPECT_TRUE((*out)->record("evochess/selfplay/4", {}));
    }
    // A puzzle written without its game's key (a run stopped between the two writes).
    std::ofstream(path, std::ios::app) << to_json_line(sample(5)) << '\n';
    EXPECT_EQ(count_lines(path), 2);

    auto resumed = PuzzleOutput::open(path, "settings A", true);
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    EXPECT_EQ((*resumed)->puzzles(), 1);
    EXPECT_EQ((*resumed)->done(),
              (std::set<std::string>{"evochess/selfplay/3", "evochess/selfplay/4"}));
    EXPECT_EQ(count_lines(path), 1);

    auto other = PuzzleOutput::open(path, "settings B", true);
    ASSERT_FALSE(other.ok());
    EXPECT_NE(other.error().find("other settings"), std::string::npos);

    auto fresh = PuzzleOutput::open(path, "settings B", false);
    ASSERT_TRUE(fresh.ok());
    EXPECT_EQ((*fresh)->puzzles(), 0);
    EXPECT_TRUE((*fresh)->done().empty());
    EXPECT_EQ(count_lines(path), 0);
}

TEST(PuzzleOutput, UnwritableFileIsAnError) {
    auto out = PuzzleOutput::open("/nonexistent-dir/puzzles.jsonl", "s", false);
    ASSERT_FALSE(out.ok());
    EXPECT_NE(out.error().find("cannot write"), std::string::npos);
}

} // namespace
} // namespace evo::puzzles
