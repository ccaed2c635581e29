// PGN input a file or a web form may hold: tag names and values checked, one game per text,
// and error messages that stay valid UTF-8 whatever the bytes were.
#include "core/message_text.h"
#include "core/pgn.h"

#include <gtest/gtest.h>

namespace evo {
namespace {

TEST(PgnInput, TagNamesFollowThePgnStandard) {
    EXPECT_TRUE(parse_pgn("[White_Elo2 \"1\"]\n\n1. e4 *").ok());
    for (const char* bad :
         {"[1Event \"x\"]\n\n*", "[Ev ent \"x\"]\n\n*", "[\"x\"]\n\n*", "[Ev\nent \"x\"]\n\n*",
          "[Ev-ent \"x\"]\n\n*", "[_Event \"x\"]\n\n*", "[\xc3\xa9v \"x\"]\n\n*"}) {
        auto r = parse_pgn(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.error().find("tag name"), std::string::npos) << r.error();
    }
}

TEST(PgnInput, TagValuesAreOneLineOfText) {
    EXPECT_TRUE(parse_pgn("[White \"M\xc3\xbcller, \\\"Hans\\\"\"]\n\n*").ok());
    for (const char* bad :
         {"[White \"two\nlines\"]\n\n*", "[White \"a\rb\"]\n\n*", "[White \"tab\there\"]\n\n*",
          "[White \"bell\x07\"]\n\n*", "[White \"latin1 M\xfcller\"]\n\n*"}) {
        auto r = parse_pgn(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.error().find("PGN tag White"), std::string::npos) << r.error();
        EXPECT_TRUE(is_valid_utf8(r.error())) << r.error();
    }
}

TEST(PgnInput, TextAfterTheResultIsAnError) {
    EXPECT_TRUE(parse_pgn("1. e4 e5 1-0\n\n").ok());
    for (const char* bad : {"1. e4 e5 1-0\n\n[Event \"second\"]\n\n1. d4 *", "1. e4 1/2-1/2 1. d4",
                            "1. e4 * garbage", "1. e4 0-1 {late}"}) {
        auto r = parse_pgn(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.error().find("text after the result"), std::string::npos) << r.error();
    }
    // Files of many games are read game by game.
    auto games = split_pgn_games("1. e4 e5 1-0\n\n[Event \"second\"]\n\n1. d4 *\n");
    ASSERT_EQ(games.size(), 2u);
    for (const std::string& text : games) EXPECT_TRUE(parse_pgn(text).ok()) << text;
}

TEST(PgnInput, ErrorsQuotingBadBytesStayValidUtf8) {
    for (const char* bad : {"1. e4 \xff\xfe", "[Event \"x\"] \xc3", "1. \xed\xa0\x80",
                            "[FEN \"\xff/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
                            "[Variant \"\xf8\"]\n\n*", "1. e4 e5 2. Nf3 0-1 \xe2\x82"}) {
        auto r = parse_pgn(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_TRUE(is_valid_utf8(r.error())) << r.error();
    }
}

} // namespace
} // namespace evo
