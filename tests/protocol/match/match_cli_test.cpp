// `evochess match` on bad input: one line on stderr and exit status 2, before any game.
#include "match_test_util.h"
#include "protocol/cli_test_util.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

using evo::test::CommandResult;

CommandResult run_cli(const std::string& arguments) {
    return evo::test::run_subcommand(EVOCHESS_BINARY, "match", arguments);
}

std::string fake(const std::string& name, const std::string& mode = "script") {
    return "--engine \"cmd='python3 " + std::string(EVO_FAKE_ENGINE) + " " + mode +
           "' name=" + name + "\"";
}

void expect_one_line_error(const std::string& arguments, const std::string& expected) {
    evo::test::expect_one_line_error(run_cli(arguments), arguments, expected);
}

TEST(MatchCli, BadInputGivesOneLineAndStatus2) {
    std::string two = fake("a") + " " + fake("b");
    expect_one_line_error(fake("a") + " --engine 'cmd=no-such-engine-here' --tc 1",
                          "command not found");
    expect_one_line_error(fake("a") + " --engine 'cmd=/bin/true' --tc 1", "did not answer 'uci'");
    expect_one_line_error(fake("a") + " --engine 'name=x' --tc 1", "without cmd=");
    expect_one_line_error(two + " --tc 1 --openings /nonexistent/book.txt", "cannot read openings");
    std::string bad_book = ::testing::TempDir() + "bad_book.txt";
    std::FILE* book = std::fopen(bad_book.c_str(), "w");
    std::fputs("e2e4 e7e5\nnot a move\n", book);
    std::fclose(book);
    expect_one_line_error(two + " --tc 1 --openings " + bad_book, "bad_book.txt:2");
    expect_one_line_error(two + " --tc ten", "bad time control");
    expect_one_line_error(two, "give a limit");
    expect_one_line_error(two + " --tc 1 --variant shogi", "unknown variant");
    expect_one_line_error(two + " --tc 1 --sprt elo0=3 elo1=1", "elo1 > elo0");
    expect_one_line_error(fake("a") + " --tc 1", "at least two");
    expect_one_line_error(two + " --tc 1 --pgn /nonexistent/dir/out.pgn", "cannot write PGN");
}

TEST(MatchCli, NumbersOutOfRangeGiveOneLineAndStatus2) {
    std::string two = fake("a") + " " + fake("b");
    for (const char* tc : {"inf", "nan", "1e300", "10+inf", "-1"})
        expect_one_line_error(two + " --tc " + tc, "bad time control");
    expect_one_line_error(two + " --tc 1 --flag-margin -5", "--flag-margin");
    expect_one_line_error(two + " --tc 1 --flag-margin 1e9", "--flag-margin");
    expect_one_line_error(two + " --tc 1 --games 0", "--games");
    expect_one_line_error(two + " --tc 1 --games 99999999999", "--games");
    expect_one_line_error(two + " --tc 1 --concurrency 0", "--concurrency");
    expect_one_line_error(two + " --tc 1 --concurrency 100000", "--concurrency");
    expect_one_line_error(two + " --nodes -1", "--nodes");
    expect_one_line_error(two + " --depth 0", "--depth");
    expect_one_line_error(two + " --depth 5000", "--depth");
    expect_one_line_error(two + " --tc 1 --sprt elo0=0 elo1=inf", "SPRT");
}

TEST(MatchCli, PlaysAndSummarises) {
    std::string mate = "script f2f3 e7e5 g2g4 d8h4";
    std::string pgn = ::testing::TempDir() + "cli_match.pgn";
    std::string command = std::string(EVOCHESS_BINARY) + " match " + fake("a", mate) + " " +
                          fake("b", mate) + " --games 2 --tc 5 --sprt elo0=0 elo1=5 --pgn " + pgn;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string printed;
    char chunk[1024];
    std::size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0) printed.append(chunk, n);
    int status = ::pclose(pipe);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << printed;
    EXPECT_NE(printed.find("[2/2] round 2: b - a 0-1 (checkmate)"), std::string::npos) << printed;
    EXPECT_NE(printed.find("a: 1 wins, 0 draws, 1 losses; score 1/2 = 50.0%"), std::string::npos)
        << printed;
    EXPECT_NE(printed.find("SPRT (GSPRT on pentanomial pairs"), std::string::npos) << printed;
    EXPECT_NE(test::read_file(pgn).find("[Round \"2\"]"), std::string::npos);
}

} // namespace
} // namespace evo::match
