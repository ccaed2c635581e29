// The key every per-address limit counts under (connections, requests, new games, logins,
// sign-ups, engine shares, exports). One IPv6 subscriber is usually handed a whole /64, so
// counting each of its 2^64 addresses apart would let it rotate through fresh limits: an IPv6
// address counts as its /64. An IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) counts
// as itself; a text that is no address ("unknown") is its own key.
#pragma once

#include <string>

namespace evo::app {

std::string address_limit_key(const std::string& address);

} // namespace evo::app
