// The referee against a fake engine that misbehaves on purpose: each fault loses the game,
// with the reason in the PGN, and no engine process is left behind.
#include "match_test_util.h"

#include "protocol/match/uci_engine.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/wait.h>
#include <vector>

namespace evo::match {
namespace {

using test::fake_engine;
using test::play;

// The fake engines answer at once; a long clock keeps one slow to start on a busy machine from
// losing on time. Tests of flag falls set their own.
const TimeControl ScriptedClock{Milliseconds(30000), Milliseconds(0)};

MatchConfig two_engines(EngineSpec first, EngineSpec second, int games) {
    MatchConfig config;
    config.engines = {std::move(first), std::move(second)};
    config.games = games;
    config.limits.clock = ScriptedClock;
    return config;
}

// Every engine process was reaped: this test process has no child left.
void expect_no_children() {
    errno = 0;
    EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
}

const std::string FoolsMate = "f2f3 e7e5 g2g4 d8h4";

// The "go" commands a UCI log ("MS NAME[PID] < LINE" for a line sent) shows sent to `engine`.
std::vector<std::string> go_commands_to(const std::string& log, const std::string& engine) {
    const std::string sender = " " + engine + "[", sent = "] < go ";
    std::vector<std::string> commands;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        std::size_t who = line.find(sender);
        std::size_t go = who == std::string::npos ? who : line.find(sent, who + sender.size());
        if (go != std::string::npos) commands.push_back(line.substr(go + sent.size() - 3));
    }
    return commands;
}

TEST(Referee, MateByTheRulesEndsTheGame) {
    auto out = play(two_engines(fake_engine("a", "script", FoolsMate),
                                fake_engine("b", "script", FoolsMate), 2));
    const PairingStats& p = out.summary.pairings.at(0);
    // Black mates in both games: each engine wins once.
    EXPECT_EQ(p.games.wins, 1);
    EXPECT_EQ(p.games.losses, 1);
    EXPECT_EQ(p.endings.at("checkmate"), 2);
    EXPECT_NE(out.pgn.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << out.pgn;
    EXPECT_NE(out.pgn.find("[Termination \"checkmate\"]"), std::string::npos);
    EXPECT_NE(out.printed.find("Match summary"), std::string::npos);
    expect_no_children();
}

TEST(Referee, IllegalMoveLoses) {
    auto out = play(
        two_engines(fake_engine("cheat", "illegal"), fake_engine("fair", "script", "e2e4"), 2));
    const PairingStats& p = out.summary.pairings.at(0);
    EXPECT_EQ(p.games.losses, 2);
    EXPECT_EQ(p.endings.at("illegal move"), 2);
    EXPECT_NE(out.pgn.find("{illegal move 'e1e8' by cheat} 0-1"), std::string::npos) << out.pgn;
    EXPECT_NE(out.pgn.find("1. e4 {illegal move 'e8e1' by cheat} 1-0"), std::string::npos)
        << out.pgn;
    expect_no_children();
}

TEST(Referee, CrashLoses) {
    auto out = play(
        two_engines(fake_engine("crasher", "crash"), fake_engine("fair", "script", "e2e4"), 2));
    const PairingStats& p = out.summary.pairings.at(0);
    EXPECT_EQ(p.games.losses, 2);
    EXPECT_EQ(p.endings.at("engine failure"), 2);
    EXPECT_NE(out.pgn.find("{crasher crashed (exited with status 3)} 0-1"), std::string::npos)
        << out.pgn;
    expect_no_children();
}

TEST(Referee, CrashIsSeenEvenWhenAChildKeepsThePipeOpen) {
    std::string pid_file = ::testing::TempDir() + "fake_engine_child.pid";
    ::setenv("FAKE_ENGINE_CHILD_PID_FILE", pid_file.c_str(), 1);
    auto start = std::chrono::steady_clock::now();
    auto out =
        play(two_engines(fake_engine("crasher", "crash-child"), fake_engine("fair", "script"), 1));
    ::unsetenv("FAKE_ENGINE_CHILD_PID_FILE");
    // Seen as a crash, well before the clock would have fallen (a missed crash would be
    // noticed only then, as a flag fall).
    EXPECT_EQ(out.summary.pairings.at(0).endings.count("engine failure"), 1u) << out.printed;
    EXPECT_LT(std::chrono::steady_clock::now() - start, ScriptedClock.base / 2);
    // The engine's helper (`sleep 1000`) was killed with its process group.
    int child = 0;
    std::ifstream(pid_file) >> child;
    ASSERT_GT(child, 0);
    std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
    std::string pid, command, state;
    if (stat >> pid >> command >> state) {
        EXPECT_EQ(state, "Z"); // dead, awaiting init's reaping
    }
    expect_no_children();
}

TEST(Referee, FlagFallLosesAndAHungEngineIsKilled) {
    MatchConfig config =
        two_engines(fake_engine("sleeper", "hang"), fake_engine("fair", "script", "e2e4"), 2);
    config.limits.clock = TimeControl{Milliseconds(300), Milliseconds(0)};
    auto start = std::chrono::steady_clock::now();
    auto out = play(config);
    const PairingStats& p = out.summary.pairings.at(0);
    EXPECT_EQ(p.games.losses, 2);
    EXPECT_EQ(p.endings.at("time forfeit"), 2);
    EXPECT_NE(out.pgn.find("{sleeper lost on time"), std::string::npos) << out.pgn;
    EXPECT_NE(out.pgn.find("[TimeControl \"0.3\"]"), std::string::npos) << out.pgn;
    // The hung engine ignores SIGTERM and quit; it is killed, not waited for.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    expect_no_children();
}

TEST(Referee, FlagFallAgainstInsufficientMaterialIsADraw) {
    // FIDE 6.9 via Game::set_outside_result: the side with a lone king cannot win on time.
    MatchConfig config =
        two_engines(fake_engine("sleeper", "hang"), fake_engine("fair", "script", "a1a2"), 2);
    config.limits.clock = TimeControl{Milliseconds(300), Milliseconds(0)};
    auto openings = parse_openings("4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n", chess_variant(), "fen.txt");
    ASSERT_TRUE(openings.ok());
    config.openings = *openings;
    auto out = play(config);
    const PairingStats& p = out.summary.pairings.at(0);
    EXPECT_EQ(p.games.draws, 1);  // sleeper has the rook and flags: black has a lone king
    EXPECT_EQ(p.games.losses, 1); // sleeper has the lone king and flags: white mates in theory
    EXPECT_EQ(p.endings.at("time forfeit against insufficient material"), 1);
    EXPECT_NE(out.pgn.find("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]"), std::string::npos)
        << out.pgn;
}

// Time odds, as cutechess-cli's per-engine tc=: the sleeper's own short clock runs out, the
// PGN names each side's time control.
TEST(Referee, AnEnginesOwnClockCounts) {
    EngineSpec sleeper = fake_engine("sleeper", "hang");
    sleeper.clock = TimeControl{Milliseconds(300), Milliseconds(0)};
    MatchConfig config = two_engines(sleeper, fake_engine("fair", "script", "e2e4"), 1);
    config.limits.clock = TimeControl{Milliseconds(5000), Milliseconds(0)};
    auto out = play(config);
    EXPECT_EQ(out.summary.pairings.at(0).endings.at("time forfeit"), 1);
    EXPECT_NE(out.pgn.find("{sleeper lost on time (0.3 s left"), std::string::npos) << out.pgn;
    EXPECT_NE(out.pgn.find("[WhiteTimeControl \"0.3\"]"), std::string::npos) << out.pgn;
    EXPECT_NE(out.pgn.find("[BlackTimeControl \"5\"]"), std::string::npos) << out.pgn;
    EXPECT_EQ(out.pgn.find("[TimeControl "), std::string::npos) << out.pgn;
    EXPECT_NE(out.printed.find("sleeper: tc 0.3"), std::string::npos) << out.printed;
}

// A depth-limited opponent gets its depth on top of the match's limits; the other does not.
TEST(Referee, AnEnginesOwnDepthLimitIsSent) {
    EngineSpec shallow = fake_engine("shallow", "script", FoolsMate);
    shallow.depth = 3;
    MatchConfig config = two_engines(shallow, fake_engine("plain", "script", FoolsMate), 2);
    config.limits.clock.reset();
    config.limits.nodes = 1000;
    config.uci_log_path =
        ::testing::TempDir() + "depth_limit_" + std::to_string(::getpid()) + ".log";
    auto out = play(config);
    EXPECT_EQ(out.summary.games_played, 2);
    std::string log = test::read_file(config.uci_log_path);
    std::remove(config.uci_log_path.c_str());
    // Fool's mate: two moves by White, two by Black, in each game.
    EXPECT_EQ(go_commands_to(log, "shallow"), std::vector<std::string>(4, "go nodes 1000 depth 3"))
        << log;
    EXPECT_EQ(go_commands_to(log, "plain"), std::vector<std::string>(4, "go nodes 1000")) << log;
}

// A fixed time a move (cutechess's st=), the only limit of the match: sent as movetime to
// that engine alone; no clock runs, so the PGN has none.
TEST(Referee, AnEnginesOwnMoveTimeIsSent) {
    EngineSpec timed = fake_engine("timed", "script", FoolsMate);
    timed.movetime = Milliseconds(50);
    EngineSpec counted = fake_engine("counted", "script", FoolsMate);
    counted.nodes = 1000;
    MatchConfig config = two_engines(timed, counted, 1);
    config.limits.clock.reset();
    config.variant = &chess_variant();
    auto checked = check_config(config);
    ASSERT_TRUE(checked.ok()) << checked.error();
    config.uci_log_path = ::testing::TempDir() + "movetime_" + std::to_string(::getpid()) + ".log";
    auto out = play(config);
    EXPECT_EQ(out.summary.games_played, 1);
    std::string log = test::read_file(config.uci_log_path);
    std::remove(config.uci_log_path.c_str());
    EXPECT_EQ(go_commands_to(log, "timed"), std::vector<std::string>(2, "go movetime 50")) << log;
    EXPECT_EQ(go_commands_to(log, "counted"), std::vector<std::string>(2, "go nodes 1000")) << log;
    EXPECT_NE(out.printed.find("timed: movetime 50 ms"), std::string::npos) << out.printed;
}

TEST(Referee, NoLimitMeansAHangTimeout) {
    MatchConfig config =
        two_engines(fake_engine("sleeper", "hang"), fake_engine("fair", "script"), 1);
    config.limits.clock.reset();
    config.limits.depth = 3;
    config.limits.hang_timeout = Milliseconds(300);
    auto out = play(config);
    EXPECT_EQ(out.summary.pairings.at(0).endings.at("engine failure"), 1);
    EXPECT_NE(out.pgn.find("{sleeper gave no move within 0.3 s} 0-1"), std::string::npos)
        << out.pgn;
    EXPECT_NE(out.pgn.find("[TimeControl \"-\"]"), std::string::npos);
}

TEST(Referee, SprtStopsAOneSidedMatch) {
    MatchConfig config =
        two_engines(fake_engine("cheat", "illegal"), fake_engine("fair", "script", "e2e4"), 40);
    // Bounds 0 and 200 Elo: each lost pair is worth ln(0.24 / 0.5) = -0.73, so H0 is accepted
    // after 5 pairs. (Under the default 0 and 5, 20 lost pairs are only -0.29: the SPRT
    // weighs the two hypotheses, which lie close together.)
    config.sprt = SprtConfig{0, 200, 0.05, 0.05};
    config.concurrency = 2;
    auto out = play(config);
    EXPECT_TRUE(out.summary.stopped_by_sprt);
    EXPECT_LT(out.summary.games_played, 40);
    EXPECT_NE(out.printed.find("H0 accepted"), std::string::npos) << out.printed;
    expect_no_children();
}

TEST(Referee, EachOpeningIsPlayedWithBothColours) {
    MatchConfig config =
        two_engines(fake_engine("cheat", "illegal"), fake_engine("fair", "script"), 4);
    auto openings = parse_openings("1. a3 a6\n1. h3 h6\n", chess_variant(), "book.txt");
    ASSERT_TRUE(openings.ok());
    config.openings = *openings;
    auto out = play(config);
    std::string expected[4][2] = {{"cheat", "book.txt:1"},
                                  {"fair", "book.txt:1"},
                                  {"cheat", "book.txt:2"},
                                  {"fair", "book.txt:2"}};
    std::size_t at = 0;
    for (const auto& [white, opening] : expected) {
        at = out.pgn.find("[White \"" + white + "\"]", at);
        ASSERT_NE(at, std::string::npos) << out.pgn;
        EXPECT_LT(out.pgn.find("[Opening \"" + opening + "\"]", at), out.pgn.find("[Event", at));
    }
    EXPECT_NE(out.pgn.find("1. a3 a6 {illegal move 'e1e8' by cheat} 0-1"), std::string::npos)
        << out.pgn;
}

TEST(Referee, ThreeEnginesPlayARoundRobin) {
    MatchConfig config;
    config.engines = {fake_engine("a", "script", FoolsMate), fake_engine("b", "script", FoolsMate),
                      fake_engine("c", "script", FoolsMate)};
    config.games = 2;
    config.limits.clock = ScriptedClock;
    auto out = play(config);
    EXPECT_EQ(out.summary.pairings.size(), 3u);
    EXPECT_EQ(out.summary.games_played, 6);
    EXPECT_NE(out.printed.find("Standings"), std::string::npos);
}

TEST(Referee, BadEnginesAreFoundBeforeTheFirstGame) {
    MatchConfig config = two_engines(fake_engine("a", "script"), fake_engine("b", "script"), 2);
    config.variant = &chess_variant();
    config.engines[1].command = {"/nonexistent/engine"};
    auto missing = check_engines(config);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("not an executable file"), std::string::npos) << missing.error();

    config.engines[1] = fake_engine("b", "script");
    config.engines[1].options = {{"NoSuchOption", "1"}};
    auto option = check_engines(config);
    ASSERT_FALSE(option.ok());
    EXPECT_NE(option.error().find("no option 'NoSuchOption'"), std::string::npos) << option.error();

    UciEngine silent(fake_engine("silent", "no-uciok"));
    silent.handshake_timeout = Milliseconds(300);
    auto started = silent.start("chess");
    ASSERT_FALSE(started.ok());
    EXPECT_NE(started.error().find("uciok"), std::string::npos) << started.error();
    expect_no_children();
}

TEST(Referee, EnginesWithoutTheVariantAreRefused) {
    EngineSpec shell = *parse_engine_spec("cmd=\"sh -c 'echo uciok; cat >/dev/null'\" name=plain");
    UciEngine plain(shell);
    auto started = plain.start("evochess");
    ASSERT_FALSE(started.ok());
    EXPECT_NE(started.error().find("no UCI_Variant"), std::string::npos) << started.error();
}

} // namespace
} // namespace evo::match
