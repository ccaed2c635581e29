// RULES 5: FEN, UCI, SAN and PGN, including round trips over every legal move.
#include "core/game.h"
#include "core/pgn.h"
#include "test_util.h"

#include <random>

namespace evo {
namespace {

using test::load;

// RULES 5.1
TEST(Fen, Rules_5_1_RoundTripAndExtensions) {
    for (const char* fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         })
        EXPECT_EQ(load("chess", fen).fen(), fen);
    EXPECT_EQ(load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 2,11,1,4/0,0,1,0").fen(),
              "4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 2,11,1,4/0,0,1,0");
    // A missing seventh field means all zero; missing clocks default to 0 1.
    EXPECT_EQ(load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w -").fen(),
              "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(load("promoteking", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -,0");
    EXPECT_EQ(load("promoteking", "4c3/8/8/8/8/8/8/4K3 w U - 0 1 b,2").fen(),
              "4c3/8/8/8/8/8/8/4K3 w U - 0 1 b,2");
}

// RULES 5.1: castling letters in the order K, Q, V (or U alone), White first.
TEST(Fen, Rules_5_1_CastlingLetters) {
    EXPECT_EQ(load("promoteking", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").fen(),
              "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -,0");
    EXPECT_EQ(load("promoteking", "4R3/8/2k5/8/8/8/8/R3K2R w VKQu - 0 1").fen(),
              "4R3/8/2k5/8/8/8/8/R3K2R w KQVu - 0 1 -,0");
    EXPECT_EQ(load("promoteking", "4k3/8/8/8/8/8/8/4K3 w Uu - 0 1").fen(),
              "4k3/8/8/8/8/8/8/4K3 w Uu - 0 1 -,0");
    // A rook move leaves the king unmoved: U appears when no other letter remains.
    Position pos = load("promoteking", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(test::fen_after(pos, "h1h2"), "4k3/8/8/8/8/8/7R/4K3 b U - 1 1 -,0");
    // Chess has no U.
    EXPECT_EQ(test::fen_after(load("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "h1h2"),
              "4k3/8/8/8/8/8/7R/4K3 b - - 1 1");
}

// RULES 5.1: the writer gives the en-passant square only when a capture is legal; the reader
// accepts any square a double step could have made.
TEST(Fen, Rules_5_1_EnPassantSquare) {
    Position start = Position::start(chess_variant());
    EXPECT_EQ(test::fen_after(start, "e2e4"),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    Position capturable = load("chess", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(test::fen_after(capturable, "e2e4"), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    EXPECT_EQ(load("chess", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").fen(),
              "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    EXPECT_FALSE(Position::from_fen(chess_variant(), "4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1").ok());
}

TEST(Fen, Rules_5_1_RejectsBadInput) {
    for (const char* fen :
         {"", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/8/8/8/4K3",
          "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
          "4k3/8/8/8/8/8/8/4K2 w - - 0 1", "4k3/8/8/8/8/8/8 w - - 0 1",
          "4k3/8/8/8/8/8/8/4Kz2 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
          "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0,0,0,0/0,0,0,0", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
          "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"})
        EXPECT_FALSE(Position::from_fen(chess_variant(), fen).ok()) << fen;
    for (const char* extra : {"1,0,0,0/0,0,0,0/", "3,0,0,0/0,0,0,0", "0,0,2,0/0,0,0,0",
                              "0,0,0/0,0,0,0", "a,b,c,d/0,0,0,0"})
        EXPECT_FALSE(Position::from_fen(*find_variant("evochess"),
                                        std::string("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ") + extra)
                         .ok())
            << extra;
    EXPECT_FALSE(
        Position::from_fen(*find_variant("promoteking"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x,0").ok());
}

// RULES 5.2/5.3: the written forms.
TEST(Notation, Rules_5_2_and_5_3_Forms) {
    Position chess = load("chess", "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1");
    EXPECT_EQ(test::san_of(chess, "e1g1"), "O-O");
    EXPECT_EQ(test::san_of(chess, "e1c1"), "O-O-O");
    EXPECT_EQ(test::san_of(chess, "b7a8q"), "bxa8=Q+");
    EXPECT_EQ(test::san_of(chess, "b7b8n"), "b8=N");
    Position twins = load("chess", "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    EXPECT_EQ(test::san_of(twins, "a1d1"), "Rad1");
    Position ranks = load("chess", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(test::san_of(ranks, "a1a2"), "R1a2");
    Position three = load("chess", "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    EXPECT_EQ(test::san_of(three, "a4b3"), "Qa4b3");
    Position evo = load("evochess", "4k3/8/8/8/8/2N5/1P6/4KB2 w - - 0 1 2,0,0,1/0,0,0,0");
    EXPECT_EQ(test::san_of(evo, "b2b4n"), "b4=N");
    EXPECT_EQ(test::san_of(evo, "b2b4/c3r"), "b4/Nc3=R");
    EXPECT_EQ(test::san_of(evo, "e1f2/c3r"), "Kf2/Nc3=R");
}

// RULES 5.3: the tolerant reader.
TEST(Notation, Rules_5_3_TolerantReading) {
    Position chess = load("chess", "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1");
    auto uci_of = [](const Position& pos, std::string_view san) {
        auto m = parse_san_move(pos, san);
        return m.ok() ? to_uci(pos, *m) : "error: " + m.error();
    };
    EXPECT_EQ(uci_of(chess, "0-0"), "e1g1");
    EXPECT_EQ(uci_of(chess, "O-O-O"), "e1c1");
    EXPECT_EQ(uci_of(chess, "bxa8=Q"), "b7a8q"); // missing +
    EXPECT_EQ(uci_of(chess, "bxa8Q+"), "b7a8q"); // missing =
    EXPECT_EQ(uci_of(chess, "b8=N#"), "b7b8n");  // wrong mark
    EXPECT_EQ(uci_of(chess, "Rh1h2"), "h1h2");   // unneeded origin
    EXPECT_EQ(uci_of(chess, "Rhh2"), "h1h2");
    EXPECT_FALSE(parse_san_move(chess, "Rb1").ok() && false);
    Position twins = load("chess", "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    EXPECT_FALSE(parse_san_move(twins, "Rd1").ok()); // ambiguous
    EXPECT_FALSE(parse_san_move(twins, "Qd1").ok()); // no such piece
    EXPECT_FALSE(parse_san_move(twins, "zz9").ok());
    Position pk = load("promoteking", "4R3/7k/8/8/8/8/8/4K3 w V - 0 1 -,0");
    EXPECT_EQ(uci_of(pk, "0-0-0-0-0-0"), "e1e3");
    EXPECT_EQ(uci_of(pk, "O-O-O-O-O-O"), "e1e3");
    Position cth = load("promoteking", "8/3K4/8/8/8/8/8/k7 w - - 0 1 -,0");
    EXPECT_EQ(uci_of(cth, "Kd8"), "d7d8");
    EXPECT_EQ(uci_of(cth, "Kd8=C"), "d7d8");
}

TEST(Notation, Rules_5_2_RejectsBadUci) {
    Position pos = Position::start(chess_variant());
    for (const char* bad :
         {"", "e2", "e2e5", "e7e5", "z9z9", "e2e4q", "e2e4/e1r", "e2e4extra-long-text"})
        EXPECT_FALSE(parse_uci_move(pos, bad).ok()) << bad;
}

TEST(Notation, Rules_5_2_LineEndsBeforeAnIllegalMove) {
    // 1. e4 e5 2. Ke2, then "e1e2" again: nothing stands on e1, so the line stops there.
    Position pos = Position::start(chess_variant());
    std::vector<Move> line;
    std::vector<StateInfo> states(3);
    for (const char* text : {"e2e4", "e7e5", "e1e2"}) {
        auto m = parse_uci_move(pos, text);
        ASSERT_TRUE(m.ok()) << text;
        line.push_back(*m);
        pos.do_move(*m, states[line.size() - 1]);
    }
    line.push_back(line[2]);
    std::vector<std::string> expected = {"e2e4", "e7e5", "e1e2"};
    EXPECT_EQ(to_uci_line(Position::start(chess_variant()), line), expected);
}

// Random games in every variant: every legal move survives UCI and SAN round trips, the
// FEN round trip keeps the position and key, and each game survives PGN.
TEST(Notation, Rules_5_RoundTripsOverRandomGames) {
    std::mt19937 rng(20261123);
    for (const Variant* v : all_variants()) {
        for (int game = 0; game < 30; ++game) {
            Game g(*v);
            for (int ply = 0; ply < 120 && !g.result().over(); ++ply) {
                const Position& pos = g.position();
                auto reread = Position::from_fen(*v, pos.fen());
                ASSERT_TRUE(reread.ok()) << pos.fen() << ": " << reread.error();
                EXPECT_EQ(reread->fen(), pos.fen());
                EXPECT_EQ(reread->key(), pos.key()) << pos.fen();
                MoveList list;
                generate_legal(pos, list);
                for (Move m : list) {
                    auto u = parse_uci_move(pos, to_uci(pos, m));
                    ASSERT_TRUE(u.ok()) << to_uci(pos, m) << " in " << pos.fen();
                    EXPECT_EQ(*u, m);
                    std::string san = to_san(pos, m);
                    auto s = parse_san_move(pos, san);
                    ASSERT_TRUE(s.ok()) << san << " in " << pos.fen() << ": " << s.error();
                    EXPECT_EQ(*s, m) << san << " in " << pos.fen();
                }
                // Prefer promotions now and then, so evolution choices are exercised.
                Move pick = list[int(rng() % unsigned(list.size()))];
                if (rng() % 3 == 0)
                    for (Move m : list)
                        if (m.promotion().any() || m.has_rook_evolution_elsewhere()) pick = m;
                g.play(pick);
            }
            // The whole game survives a PGN round trip (RULES 5.4).
            auto back = parse_pgn(to_pgn(g));
            ASSERT_TRUE(back.ok()) << back.error() << "\n" << to_pgn(g);
            EXPECT_EQ(back->game.moves(), g.moves());
            EXPECT_EQ(back->game.result().pgn_result(), g.result().pgn_result());
        }
    }
}

// RULES 5.4
TEST(Pgn, Rules_5_4_WriteAndRead) {
    Game g(load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0"));
    for (const char* m : {"e4=N", "d5", "Nc3", "d4"}) ASSERT_TRUE(g.play(m).ok()) << m;
    std::string pgn = to_pgn(g, {{"White", "Alice"}, {"Black", "Bob"}});
    EXPECT_NE(pgn.find("[Variant \"evochess\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[FEN \"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0\"]"),
              std::string::npos)
        << pgn;
    EXPECT_NE(pgn.find("1. e4=N d5 2. Nc3 d4 *"), std::string::npos) << pgn;
    auto back = parse_pgn(pgn);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->game.position().fen(), g.position().fen());
    EXPECT_EQ(back->game.moves(), g.moves());
}

TEST(Pgn, Rules_5_4_PromoteKingPoints) {
    Game g(load("promoteking", "k7/8/1Q6/8/8/8/7C/8 b - - 0 1 w,2"));
    std::string pgn = to_pgn(g);
    EXPECT_NE(pgn.find("[Points \"3-0\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos) << pgn;
}

TEST(Pgn, ReadsCommentsVariationsAndNags) {
    auto r = parse_pgn("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 "
                       "$1 Nc6; comment\n3.Bb5 1-0\n");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->game.moves().size(), 5u);
    EXPECT_EQ(r->game.result().outcome, Outcome::WhiteWins);
    for (const char* bad : {"[Event \"x\"\n1. e4", "1. e4 e5 2. Ke3",
                            "[Variant \"xiangqi\"]\n\n1. e4", "1. e4 (e5", "[FEN \"bad\"]\n\n*"})
        EXPECT_FALSE(parse_pgn(bad).ok()) << bad;
}

} // namespace
} // namespace evo
