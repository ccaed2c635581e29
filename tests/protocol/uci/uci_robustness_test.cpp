// The UCI loop under input a GUI should not send, and under commands that overlap: every
// `go` answers one `bestmove`, bad input is named in an `info string` and changes nothing,
// and the loop keeps answering while a search or a perft runs.
#include "uci_test_util.h"

#include "core/notation.h"
#include "engine/tt.h"

namespace evo::test {
namespace {

Position after_moves(std::initializer_list<const char*> moves) {
    Game game(chess_variant());
    for (const char* text : moves) game.play(*parse_uci_move(game.position(), text));
    return game.position();
}

bool legal_in(const Position& pos, const std::string& move) {
    return parse_uci_move(pos, move).ok();
}

TEST_F(UciTest, HashAtTheAdvertisedMaximumOrBeyondNeverAborts) {
    std::string hash = last_with(send({"uci"}), "option name Hash type spin");
    std::string max = hash.substr(hash.find(" max ") + 5);
    for (std::string value : {max, std::string("65536"), std::string("99999999999999999999")}) {
        auto lines = send({"setoption name Hash value " + value});
        // Either the table was made, or an info string says which size is kept.
        for (const auto& l : lines) EXPECT_EQ(l.rfind("info string ", 0), 0u) << l;
    }
    auto lines = send({"position startpos", "go depth 3"});
    EXPECT_TRUE(legal_in(after_moves({}), best_move(lines)));
}

// Issue 17: the advertised maximum is what the machine allows (half its memory), is taken
// at once, and one more is refused like any value out of range.
TEST_F(UciTest, HashAdvertisesTheMaximumItTakes) {
    std::string hash = last_with(send({"uci"}), "option name Hash type spin");
    std::string max = hash.substr(hash.find(" max ") + 5);
    EXPECT_EQ(std::stoul(max),
              std::min<std::size_t>(32768, engine::TranspositionTable::usable_megabytes()));
    EXPECT_EQ(send({"setoption name Hash value " + max, "isready"}),
              std::vector<std::string>{"readyok"});
    std::string beyond = std::to_string(std::stoul(max) + 1);
    auto lines = send({"setoption name Hash value " + beyond});
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("info string bad value '" + beyond + "' for Hash (1.." + max, 0), 0u)
        << lines[0];
}

TEST_F(UciTest, OptionValuesOutOfRangeAreRefusedAndChangeNothing) {
    send({"setoption name MultiPV value 3"});
    for (const char* bad :
         {"setoption name MultiPV value 0", "setoption name MultiPV value 257",
          "setoption name MultiPV value abc", "setoption name MultiPV value",
          "setoption name MultiPV value 99999999999999999999", "setoption name MultiPV value 2.5",
          "setoption name Threads value 0", "setoption name Threads value 100000",
          "setoption name Hash value -1", "setoption name Move Overhead value -5",
          "setoption name UCI_Elo value 1e9", "setoption name Ponder value yes",
          "setoption name UCI_LimitStrength value 2",
          "setoption name UCI_Variant value \xff\xfe"}) {
        auto lines = send({bad});
        ASSERT_EQ(lines.size(), 1u) << bad;
        EXPECT_EQ(lines[0].rfind("info string ", 0), 0u) << bad;
    }
    auto lines = send({"position startpos", "go depth 3"});
    EXPECT_EQ(count_prefix(lines, "info depth 3 seldepth"), 3) << "MultiPV is still 3";
}

TEST_F(UciTest, GoWithABadNumberStillAnswersBestmoveAndNamesTheToken) {
    struct Case {
        const char* command;
        const char* named;
    };
    for (Case c :
         {Case{"go depth", "'go depth' needs a number"}, Case{"go depth abc", "'go depth abc'"},
          Case{"go depth 99999999999999999999", "too large"}, Case{"go depth -3", "'go depth -3'"},
          Case{"go movetime", "'go movetime' needs a number"},
          Case{"go movetime 1.5s", "'go movetime 1.5s'"}, Case{"go nodes -5", "'go nodes -5'"},
          Case{"go nodes 18446744073709551616", "too large"},
          Case{"go wtime btime 100", "'go wtime' needs a number"},
          Case{"go winc x binc y", "'go winc x'"}, Case{"go movestogo 0", "'go movestogo 0'"},
          Case{"go mate", "'go mate' needs a number"},
          Case{"go depht 5", "unknown 'go' parameter 'depht'"},
          Case{"go searchmoves e2e5", "'searchmoves e2e5'"}, Case{"go \x01\xff", "\\x01\\xFF"}}) {
        auto lines = send({"position startpos", c.command});
        EXPECT_EQ(count_prefix(lines, "bestmove "), 1) << c.command;
        EXPECT_TRUE(legal_in(after_moves({}), best_move(lines))) << c.command;
        bool named = false;
        for (const auto& l : lines)
            named |= l.rfind("info string ", 0) == 0 && l.find(c.named) != std::string::npos;
        EXPECT_TRUE(named) << c.command << " should name " << c.named;
    }
}

TEST_F(UciTest, HugeNumbersAreCappedNotOverflowed) {
    for (const char* go :
         {"go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 "
          "binc 9223372036854775807 movestogo 2147483648 nodes 3000",
          "go mate 2000000000 nodes 3000", "go depth 2147483648 nodes 3000",
          "go movetime 9223372036854775807 nodes 3000", "go wtime -9223372036854775808 depth 3"}) {
        auto lines = send({"position startpos", go});
        EXPECT_FALSE(has_prefix(lines, "info string")) << go;
        EXPECT_TRUE(legal_in(after_moves({}), best_move(lines))) << go;
    }
}

TEST_F(UciTest, GoDuringASearchStopsItAndSearchesTheNewPosition) {
    // As Stockfish: the running search answers first, then the new one answers for the
    // position it was sent with. Neither answer is lost or stale.
    EXPECT_TRUE(session.handle("position startpos"));
    EXPECT_TRUE(session.handle("go infinite"));
    EXPECT_TRUE(session.handle("position startpos moves e2e4"));
    EXPECT_TRUE(session.handle("go depth 3"));
    EXPECT_TRUE(session.handle("stop")); // ends the second search if it still runs
    auto lines = send({});
    std::vector<std::string> best;
    for (const auto& l : lines)
        if (l.rfind("bestmove ", 0) == 0) best.push_back(best_move({l}));
    ASSERT_EQ(best.size(), 2u);
    EXPECT_TRUE(legal_in(after_moves({}), best[0])) << best[0];
    EXPECT_TRUE(legal_in(after_moves({"e2e4"}), best[1])) << best[1];
    EXPECT_FALSE(has_prefix(lines, "info string"));
}

TEST_F(UciTest, PerftLeavesTheLoopAnsweringAndStopEndsIt) {
    // Perft 9 of the start position takes hours: answered only if it runs in the background.
    EXPECT_TRUE(session.handle("position startpos"));
    EXPECT_TRUE(session.handle("go perft 9"));
    EXPECT_TRUE(session.handle("isready"));
    EXPECT_NE(out.str().find("readyok"), std::string::npos);
    EXPECT_TRUE(session.handle("stop"));
    auto lines = send({});
    EXPECT_TRUE(has_prefix(lines, "info string perft stopped"));
    EXPECT_FALSE(has_prefix(lines, "Nodes searched"));
    // The loop is free for the next command.
    lines = send({"go perft 2"});
    EXPECT_EQ(lines.back(), "Nodes searched: 400");
}

TEST_F(UciTest, QuitDuringPerftEndsTheLoop) {
    EXPECT_TRUE(session.handle("go perft 9"));
    EXPECT_FALSE(session.handle("quit"));
}

TEST_F(UciTest, IllegalMoveLeavesNoPositionToSearch) {
    // The GUI's game goes on from the bad move; a move for the position before it would
    // answer a question it did not ask.
    auto lines = send({"position startpos moves e2e4 e7e5 e1e3 g1f3", "go depth 2", "d"});
    EXPECT_TRUE(has_prefix(lines, "info string move 3 'e1e3' is illegal"));
    EXPECT_EQ(best_move(lines), "0000");
    EXPECT_FALSE(has_prefix(lines, "info depth"));
    EXPECT_FALSE(has_prefix(lines, "Fen: "));
    lines = send({"position startpos moves e2e4", "go depth 2"});
    EXPECT_TRUE(legal_in(after_moves({"e2e4"}), best_move(lines))) << best_move(lines);
}

TEST_F(UciTest, BadPositionLeavesNoPositionToSearch) {
    for (const char* bad : {"position fen not/a/fen w - - 0 1", "position fen \xff\xfe",
                            "position fen", "position somewhere", "position startpos e2e4"}) {
        auto lines = send({"position startpos moves e2e4", bad, "go depth 2", "eval"});
        EXPECT_TRUE(has_prefix(lines, "info string ")) << bad;
        EXPECT_EQ(best_move(lines), "0000") << bad;
        EXPECT_FALSE(has_prefix(lines, "info depth")) << bad;
        EXPECT_EQ(lines.back().rfind("info string no position to use: ", 0), 0u) << bad;
    }
    // A perft has no bestmove to give: only the reason.
    auto lines = send({"go perft 2"});
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("info string no position to use: ", 0), 0u);
    lines = send({"position startpos", "go depth 1"});
    EXPECT_TRUE(legal_in(after_moves({}), best_move(lines)));
}

TEST_F(UciTest, InputQuotedInMessagesIsEscaped) {
    auto lines = send({"frob\xff\x01nicate", "position fen 8/8/8/8/8/8/8/\xc3\x28 w - - 0 1"});
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], "info string unknown command 'frob\\xFF\\x01nicate'");
    EXPECT_NE(lines[1].find("\\xC3("), std::string::npos) << lines[1];
}

} // namespace
} // namespace evo::test
