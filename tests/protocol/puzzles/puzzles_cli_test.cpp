// `evochess puzzles` on bad input: one line on stderr and exit status 2; a short run writes
// legal JSON Lines and --resume skips what is done.
#include "protocol/puzzles/puzzle.h"

#include "protocol/cli_test_util.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace evo::puzzles {
namespace {

using evo::test::CommandResult;

CommandResult run_cli(const std::string& arguments) {
    return evo::test::run_subcommand(EVOCHESS_BINARY, "puzzles", arguments);
}

void expect_one_line_error(const std::string& arguments, const std::string& expected) {
    evo::test::expect_one_line_error(run_cli(arguments), arguments, expected);
}

TEST(PuzzlesCli, BadInputGivesOneLineAndStatus2) {
    const std::string out = ::testing::TempDir() + "puzzles_cli.jsonl";
    expect_one_line_error("--variant nosuch --out " + out, "unknown variant 'nosuch'");
    expect_one_line_error("--variant chess --out /nonexistent-dir/p.jsonl", "cannot write");
    expect_one_line_error("--pgn /nonexistent-dir/games.pgn --out " + out, "cannot read");
    const std::string bad_pgn = ::testing::TempDir() + "puzzles_bad.pgn";
    std::ofstream(bad_pgn) << "[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n";
    expect_one_line_error("--pgn " + bad_pgn + " --out " + out, "game 1");
    expect_one_line_error("--variant chess --threads 0 --out " + out, "--threads");
    expect_one_line_error("--out " + out, "give --variant or --pgn");
}

TEST(PuzzlesCli, ResumeSkipsTheGamesAlreadyMined) {
    const std::string out = ::testing::TempDir() + "puzzles_cli_resume.jsonl";
    const std::string args =
        "--variant chess --games 1 --nodes 500 --verify-nodes 2000 --out " + out;
    CommandResult first = run_cli(args);
    ASSERT_EQ(first.status, 0) << first.errors;
    EXPECT_NE(first.errors.find("games 1/1"), std::string::npos) << first.errors;
    CommandResult again = run_cli(args + " --resume");
    ASSERT_EQ(again.status, 0) << again.errors;
    EXPECT_EQ(again.errors.find("games 1/1"), std::string::npos) << again.errors; // none mined
    std::ifstream in(out);
    for (std::string line; std::getline(in, line);)
        EXPECT_TRUE(puzzle_from_json(line).ok()) << line;
    CommandResult other = run_cli(args + " --seed 2 --resume");
    EXPECT_EQ(other.status, 2) << other.errors;
}

} // namespace
} // namespace evo::puzzles
