// What a chat line may hold (issue 47, L6): control and invisible format characters are
// refused, and so is a line with nothing visible; emoji joined by U+200D pass.
#include "app/chat/chat_text.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

void expect_refused(const std::string& text, const std::string& why) {
    auto problem = chat_text_problem(text);
    ASSERT_TRUE(problem) << text;
    EXPECT_NE(problem->find(why), std::string::npos) << *problem;
}

TEST(ChatText, ControlCharactersAreRefused) {
    expect_refused("bell\x07", "control characters");
    expect_refused("del\x7F", "control characters");
    expect_refused("c1 \xC2\x85", "control characters");
}

TEST(ChatText, FormatCharactersAreRefused) {
    for (const char* text : {"\xE2\x80\x8B", // U+200B zero-width space
                             "\xEF\xBB\xBF", // U+FEFF byte-order mark
                             "gg \xE2\x80\xAE"
                             "dab", // U+202E right-to-left override
                             "soft\xC2\xAD"
                             "hyphen",                // U+00AD
                             "\xE2\x81\xA0",          // U+2060 word joiner
                             "tag \xF3\xA0\x81\xA1"}) // U+E0061, a tag letter
        expect_refused(text, "invisible format characters");
}

TEST(ChatText, ALineWithNothingVisibleIsRefused) {
    expect_refused("\xE3\x85\xA4", "nothing visible"); // U+3164 Hangul filler
    expect_refused("\xE2\xA0\x80 \xC2\xA0 \xE3\x80\x80",
                   "nothing visible");                 // braille blank, spaces
    expect_refused("\xE2\x80\x8D", "nothing visible"); // a joiner alone
}

TEST(ChatText, OrdinaryTextAndJoinedEmojiPass) {
    EXPECT_FALSE(chat_text_problem("good game"));
    EXPECT_FALSE(chat_text_problem("\xC3\xA9tait \xE6\xA3\x8B")); // é, 棋
    // 👨‍👩‍👧: three emoji joined by U+200D; ❤️: a heart and variation selector 16.
    EXPECT_FALSE(chat_text_problem(
        "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7"));
    EXPECT_FALSE(chat_text_problem("\xE2\x9D\xA4\xEF\xB8\x8F"));
    EXPECT_EQ(chat_text_length("\xC3\xA9t\xE6\xA3\x8B"), 3);
}

} // namespace
} // namespace evo::app
