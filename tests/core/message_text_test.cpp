// Input quoted in messages: valid UTF-8 passes, everything else is escaped, long input cut.
#include "core/message_text.h"

#include <gtest/gtest.h>

namespace evo {
namespace {

TEST(MessageText, ValidTextIsQuotedAsIs) {
    EXPECT_EQ(quote_input("e2e4"), "e2e4");
    EXPECT_EQ(quote_input("M\xc3\xbcller \xe2\x99\x94 \xf0\x9f\x98\x80"),
              "M\xc3\xbcller \xe2\x99\x94 \xf0\x9f\x98\x80");
}

TEST(MessageText, ControlCharactersAndBadBytesAreEscaped) {
    EXPECT_EQ(quote_input("a\nb\x01\x7f"), "a\\x0Ab\\x01\\x7F");
    EXPECT_EQ(quote_input("\xff"), "\\xFF");
    EXPECT_EQ(quote_input("\xc3"), "\\xC3");                            // cut sequence
    EXPECT_EQ(quote_input("\xc0\xaf"), "\\xC0\\xAF");                   // overlong
    EXPECT_EQ(quote_input("\xed\xa0\x80"), "\\xED\\xA0\\x80");          // surrogate
    EXPECT_EQ(quote_input("\xf4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80"); // above U+10FFFF
    EXPECT_EQ(quote_input(std::string_view("a\0b", 3)), "a\\x00b");
}

TEST(MessageText, LongInputIsCut) {
    EXPECT_EQ(quote_input(std::string(100, 'x'), 10), std::string(10, 'x') + "...");
    // Never inside a character.
    EXPECT_EQ(quote_input("abc\xe2\x99\x94", 4), "abc\xe2\x99\x94");
}

TEST(MessageText, Utf8Validation) {
    EXPECT_TRUE(is_valid_utf8(""));
    EXPECT_TRUE(is_valid_utf8("plain \xc3\xa9"));
    for (const char* bad :
         {"\xff", "\xc3", "\xe2\x99", "\xc0\x80", "\xed\xbf\xbf", "\xf5\x80\x80\x80"})
        EXPECT_FALSE(is_valid_utf8(bad)) << bad;
}

} // namespace
} // namespace evo
