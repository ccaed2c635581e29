#include "protocol/match/openings.h"

#include "core/pgn.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

TEST(Openings, ReadsMoveLinesFenLinesAndComments) {
    auto openings = parse_openings("# a comment\n"
                                   "1. e4 e5 2. Nf3\n"
                                   "\n"
                                   "d2d4 g8f6\n"
                                   "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 ; EPD operations ignored\n",
                                   chess_variant(), "book.txt");
    ASSERT_TRUE(openings.ok()) << openings.error();
    ASSERT_EQ(openings->size(), 3u);
    EXPECT_EQ((*openings)[0].game.moves().size(), 3u);
    EXPECT_EQ((*openings)[0].source, "book.txt:2");
    EXPECT_EQ((*openings)[1].game.moves().size(), 2u);
    EXPECT_EQ((*openings)[2].game.start_position().fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
}

TEST(Openings, ReadsVariantLinesWithTheirRules) {
    // RULES 2.4: the third pawn move earns a minor right, spent at once (b2b4n).
    const Variant& evochess = *find_variant("evochess");
    auto openings = parse_openings("a2a3 a7a6 c2c3 c7c6 b2b4n\n", evochess, "evo.txt");
    ASSERT_TRUE(openings.ok()) << openings.error();
    EXPECT_EQ((*openings)[0].game.moves().size(), 5u);
}

TEST(Openings, ReadsPgnGames) {
    auto openings = parse_openings("[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                                   "[Event \"b\"]\n\n1. d4 *\n",
                                   chess_variant(), "book.pgn");
    ASSERT_TRUE(openings.ok()) << openings.error();
    ASSERT_EQ(openings->size(), 2u);
    EXPECT_FALSE((*openings)[0].game.result().over()); // the Result tag does not end it
    EXPECT_EQ((*openings)[1].source, "book.pgn game 2");
}

TEST(Openings, BadLinesSayWhere) {
    auto illegal = parse_openings("e4 e5\ne2e5\n", chess_variant(), "book.txt");
    ASSERT_FALSE(illegal.ok());
    EXPECT_NE(illegal.error().find("book.txt:2"), std::string::npos) << illegal.error();
    auto bad_fen = parse_openings("8/8/8/8/8/8/8/8 w - - 0 1\n", chess_variant(), "f.txt");
    ASSERT_FALSE(bad_fen.ok());
    EXPECT_NE(bad_fen.error().find("f.txt:1: bad FEN"), std::string::npos) << bad_fen.error();
    EXPECT_FALSE(parse_openings("# nothing\n", chess_variant(), "e.txt").ok());
    EXPECT_FALSE(load_openings("/nonexistent/book.txt", chess_variant()).ok());
    // A variant's PGN is not an opening for another variant.
    EXPECT_FALSE(
        parse_openings("[Variant \"evochess\"]\n\n1. e4 *\n", chess_variant(), "v.pgn").ok());
}

TEST(Openings, AFinishedGameIsNoOpening) {
    auto mate = parse_openings("f3 e5 g4 Qh4#\n", chess_variant(), "m.txt");
    ASSERT_FALSE(mate.ok());
    EXPECT_NE(mate.error().find("finished"), std::string::npos) << mate.error();
}

} // namespace
} // namespace evo::match
