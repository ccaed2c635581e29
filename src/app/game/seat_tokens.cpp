#include "seat_tokens.h"

#include <cstdint>
#include <random>

namespace evo::app {

namespace {

// std::random_device reads the kernel's random source (getrandom) on Linux.
std::uint32_t random_word() {
    thread_local std::random_device source;
    return source();
}

} // namespace

std::string new_secret() {
    static constexpr char hex[] = "0123456789abcdef";
    std::string secret;
    for (int word = 0; word < 4; ++word) {
        std::uint32_t bits = random_word();
        for (int nibble = 0; nibble < 8; ++nibble, bits >>= 4) secret += hex[bits & 15];
    }
    return secret;
}

int random_bit() {
    return int(random_word() & 1);
}

bool tokens_equal(const std::string& given, const std::string& expected) {
    unsigned char difference = given.size() == expected.size() ? 0 : 1;
    for (std::size_t i = 0; i < expected.size(); ++i)
        difference |= static_cast<unsigned char>(expected[i] ^ (i < given.size() ? given[i] : 0));
    return difference == 0;
}

} // namespace evo::app
