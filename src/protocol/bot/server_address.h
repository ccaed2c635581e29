// Where a bot finds its server: the `url` a lichess-bot config names (http://HOST[:PORT][/BASE]).
// Only plain HTTP: a house bot talks to its own server's address, and a server behind TLS is
// reached at the proxy's local address (docs/bots.md).
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>

namespace evo::bot {

struct ServerAddress {
    std::string host; // without brackets for IPv6
    std::string port; // "80" when the URL names none
    std::string base; // a path prefix without the trailing slash ("" or "/lichess")
    // host:port as the Host header writes it.
    std::string host_header() const;
};

Result<ServerAddress> parse_server_url(std::string_view url);

} // namespace evo::bot
