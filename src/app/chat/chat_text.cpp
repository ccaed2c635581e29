#include "chat_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace evo::app {

namespace {

using Range = std::pair<char32_t, char32_t>; // first and last, both included

// Unicode 15's general category Cf, but U+200C and U+200D (the joiners).
constexpr std::array<Range, 22> FormatCharacters{{
    {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},
    {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},
    {0x200B, 0x200B},   {0x200E, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x2064},
    {0x2066, 0x206F},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD},
    {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
    {0xE0001, 0xE0001}, {0xE0020, 0xE007F},
}};

// What shows nothing by itself: spaces (Unicode's Z categories), the joiners, variation
// selectors, and the fillers and blanks that pass for letters (Hangul fillers, the braille
// blank).
constexpr std::array<Range, 14> Blanks{{
    {0x0020, 0x0020},
    {0x00A0, 0x00A0},
    {0x115F, 0x1160},
    {0x1680, 0x1680},
    {0x2000, 0x200A},
    {0x200C, 0x200D},
    {0x2028, 0x2029},
    {0x202F, 0x202F},
    {0x205F, 0x205F},
    {0x2800, 0x2800},
    {0x3000, 0x3000},
    {0x3164, 0x3164},
    {0xFE00, 0xFE0F},
    {0xFFA0, 0xFFA0},
}};

template <std::size_t N> bool in(const std::array<Range, N>& ranges, char32_t c) {
    return std::any_of(ranges.begin(), ranges.end(),
                       [c](const Range& r) { return r.first <= c && c <= r.second; });
}

// The code point that starts at text[i] (valid UTF-8), and moves i past it.
char32_t next_code_point(std::string_view text, std::size_t& i) {
    auto byte = static_cast<unsigned char>(text[i++]);
    int more = byte < 0x80 ? 0 : byte < 0xE0 ? 1 : byte < 0xF0 ? 2 : 3;
    char32_t c = more == 0 ? byte : byte & (0x3F >> more);
    for (; more > 0 && i < text.size(); --more)
        c = (c << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
    return c;
}

} // namespace

std::optional<std::string> chat_text_problem(std::string_view text) {
    bool visible = false;
    for (std::size_t i = 0; i < text.size();) {
        char32_t c = next_code_point(text, i);
        if (c < 0x20 || (c >= 0x7F && c < 0xA0))
            return "the message may not hold control characters (line breaks, tabs and the like)";
        if (in(FormatCharacters, c))
            return "the message may not hold invisible format characters (zero-width spaces, "
                   "byte-order marks, direction overrides)";
        if (!in(Blanks, c) && !(c >= 0xE0100 && c <= 0xE01EF)) visible = true;
    }
    if (!visible) return "the message is empty: it has nothing visible";
    return std::nullopt;
}

int chat_text_length(std::string_view text) {
    return int(std::count_if(text.begin(), text.end(), [](char byte) {
        return (static_cast<unsigned char>(byte) & 0xC0) != 0x80; // a code point's first byte
    }));
}

} // namespace evo::app
