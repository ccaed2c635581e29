// UCI round trips: commands in, lines out, through uci::Session.
#include "uci_test_util.h"

#include "core/notation.h"
#include "engine/score_unit.h"

namespace evo::test {
namespace {

TEST_F(UciTest, HandshakeListsOptions) {
    auto lines = send({"uci"});
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front(), "id name evochess");
    EXPECT_EQ(lines.back(), "uciok");
    EXPECT_TRUE(has_prefix(lines, "option name Hash type spin"));
    EXPECT_TRUE(has_prefix(lines, "option name Threads type spin"));
    EXPECT_TRUE(has_prefix(lines, "option name MultiPV type spin"));
    EXPECT_TRUE(has_prefix(lines, "option name Ponder type check"));
    EXPECT_TRUE(has_prefix(lines, "option name Move Overhead type spin"));
    EXPECT_TRUE(has_prefix(lines, "option name UCI_LimitStrength type check"));
    EXPECT_TRUE(has_prefix(lines, "option name UCI_Elo type spin"));
    EXPECT_TRUE(has_prefix(lines, "option name UCI_Variant type combo default chess var chess var "
                                  "evochess var echess var promoteking"));
}

TEST_F(UciTest, IsReady) {
    EXPECT_EQ(send({"isready"}), std::vector<std::string>{"readyok"});
}

TEST_F(UciTest, GoDepthAnswersInfoAndBestmove) {
    auto lines = send({"position startpos moves e2e4 e7e5", "go depth 5"});
    std::string info = last_with(lines, "info depth 5 ");
    ASSERT_FALSE(info.empty());
    for (const char* field : {" seldepth ", " multipv 1 ", " score cp ", " nodes ", " nps ",
                              " hashfull ", " time ", " pv "})
        EXPECT_NE(info.find(field), std::string::npos) << field << " in " << info;
    std::string best = last_with(lines, "bestmove ");
    ASSERT_FALSE(best.empty());
    EXPECT_EQ(lines.back(), best);
    EXPECT_NE(best.find(" ponder "), std::string::npos) << best;
}

TEST_F(UciTest, VariantMovesInExtendedNotation) {
    // RULES 5.2: a pawn becoming a knight with a held minor right (2.4).
    auto lines = send({"setoption name UCI_Variant value evochess",
                       "position fen 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,1,0,0/0,0,0,0 "
                       "moves b2b4n e7e5",
                       "d"});
    EXPECT_TRUE(
        has_prefix(lines, "Fen: 4k3/pppp1ppp/8/4p3/1N6/8/P1PPPPPP/4K3 w - - 0 2 1,0,0,0/1,0,0,0"))
        << out.str();
    EXPECT_TRUE(has_prefix(lines, "Variant: evochess"));
    EXPECT_TRUE(has_prefix(lines, "Key: "));
}

TEST_F(UciTest, BestmoveInVariantIsLegal) {
    for (const char* variant : {"chess", "evochess", "echess", "promoteking"}) {
        auto lines = send({std::string("setoption name UCI_Variant value ").append(variant).c_str(),
                           "position startpos", "go nodes 3000"});
        std::string best = last_with(lines, "bestmove ");
        ASSERT_FALSE(best.empty()) << variant;
        Position start = Position::start(*find_variant(variant));
        std::string move = best.substr(9, best.find(' ', 9) - 9);
        EXPECT_TRUE(parse_uci_move(start, move).ok()) << variant << ": " << best;
    }
}

TEST_F(UciTest, GoPerft) {
    auto lines = send({"position startpos", "go perft 3"});
    EXPECT_EQ(lines.back(), "Nodes searched: 8902");
    EXPECT_TRUE(has_prefix(lines, "e2e4: 600"));
    // Issue 17: depth 0 is the root alone, answered at once (it used to answer nothing).
    lines = send({"go perft 0"});
    EXPECT_EQ(lines, (std::vector<std::string>{"", "Nodes searched: 1"}));
}

TEST_F(UciTest, MalformedInputIsReportedNotFatal) {
    auto lines =
        send({"frobnicate", "position fen not/a/fen w - - 0 1", "position startpos moves e2e5",
              "setoption name Hash value -3", "setoption name Nonsense value 1",
              "setoption name UCI_Variant value xiangqi", "go depth", "position", "setoption",
              "isready"});
    int info_strings = 0;
    for (const auto& l : lines) info_strings += l.rfind("info string ", 0) == 0;
    EXPECT_GE(info_strings, 8);
    EXPECT_EQ(lines.back(), "readyok");
}

TEST_F(UciTest, StopAndIsReadyDuringInfiniteSearch) {
    EXPECT_TRUE(session.handle("position startpos"));
    EXPECT_TRUE(session.handle("go infinite"));
    EXPECT_TRUE(session.handle("isready"));
    EXPECT_TRUE(session.handle("stop"));
    auto lines = send({});
    EXPECT_TRUE(has_prefix(lines, "readyok"));
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
}

TEST_F(UciTest, PonderThenPonderhit) {
    EXPECT_TRUE(session.handle("position startpos moves e2e4"));
    EXPECT_TRUE(session.handle("go ponder wtime 1000 btime 1000"));
    EXPECT_TRUE(session.handle("ponderhit"));
    auto lines = send({});
    EXPECT_TRUE(has_prefix(lines, "bestmove "));
}

TEST_F(UciTest, MultiPvLines) {
    auto lines = send({"setoption name MultiPV value 3", "position startpos", "go depth 4"});
    EXPECT_TRUE(has_prefix(lines, "info depth 4 seldepth"));
    bool seen[4] = {};
    for (const auto& l : lines)
        for (int k = 1; k <= 3; ++k)
            if (l.rfind("info depth 4 ", 0) == 0 &&
                l.find(" multipv " + std::to_string(k) + " ") != std::string::npos)
                seen[k] = true;
    EXPECT_TRUE(seen[1] && seen[2] && seen[3]);
}

TEST_F(UciTest, CheckmatedSideAnswersNone) {
    auto lines = send({"position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"});
    EXPECT_EQ(lines.back(), "bestmove (none)");
}

TEST_F(UciTest, QuitEndsTheLoop) {
    EXPECT_TRUE(session.handle("go infinite"));
    EXPECT_FALSE(session.handle("quit"));
}

TEST(UciInfoTest, PvIsPrintedOnlyAsFarAsItIsLegal) {
    // A line with a move that is not legal where it stands ends before that move instead of
    // playing it on a board: 1. e4 e5 2. Ke2, then "e1e2" again with nothing on e1.
    Position root = Position::start(chess_variant());
    std::vector<Move> pv;
    Position pos = root;
    std::vector<StateInfo> states(4);
    for (const char* text : {"e2e4", "e7e5", "e1e2"}) {
        auto m = parse_uci_move(pos, text);
        ASSERT_TRUE(m.ok()) << text;
        pv.push_back(*m);
        pos.do_move(*m, states[pv.size() - 1]);
    }
    pv.push_back(pv[2]); // e1e2 again, for Black: no piece of Black's on e1
    engine::SearchInfo info;
    info.depth = 4;
    info.pv = pv;
    std::string line = uci::format_info(root, info);
    EXPECT_NE(line.find(" pv e2e4 e7e5 e1e2"), std::string::npos) << line;
    EXPECT_EQ(line.find("e1e2 e1e2"), std::string::npos) << line;
}

// `score cp` is in pawns of the variant (docs/engine.md): an EvoChess start without Black's
// a-pawn reads a little over one pawn, not the 500-odd evaluation units it is worth (an
// EvoChess pawn is 387 of them in the middlegame, a chess pawn 82).
TEST_F(UciTest, ScoreIsInPawnsOfTheVariant) {
    auto lines = send({"setoption name UCI_Variant value evochess",
                       "position fen 4k3/1ppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "go depth 8"});
    std::string info = last_with(lines, "info depth 8 ");
    ASSERT_FALSE(info.empty()) << out.str();
    std::size_t at = info.find(" score cp ");
    ASSERT_NE(at, std::string::npos) << info;
    int cp = std::stoi(info.substr(at + 10));
    EXPECT_GE(cp, 60) << info;
    EXPECT_LE(cp, 250) << info;
}

// The static evaluation reads in the same unit, with its evaluation units beside it.
TEST_F(UciTest, EvalReportsPawnsOfTheVariant) {
    auto lines = send({"setoption name UCI_Variant value evochess",
                       "position fen 4k3/1ppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "eval"});
    std::string eval = last_with(lines, "info string static evaluation ");
    ASSERT_FALSE(eval.empty()) << out.str();
    int cp = std::stoi(eval.substr(std::string("info string static evaluation ").size()));
    EXPECT_GE(cp, 60) << eval;
    EXPECT_LE(cp, 250) << eval;
    const std::string pawn =
        "evaluation units, a pawn " + std::to_string(engine::pawn_value(*find_variant("evochess")));
    EXPECT_NE(eval.find(pawn), std::string::npos) << eval;
}

} // namespace
} // namespace evo::test
