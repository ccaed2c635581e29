// The secrets of online play: seat tokens and invite codes (128 bits from the system's
// random source, as hex), compared in constant time so timing tells nothing of them.
#pragma once

#include <string>

namespace evo::app {

std::string new_secret();
int random_bit();
bool tokens_equal(const std::string& given, const std::string& expected);

} // namespace evo::app
