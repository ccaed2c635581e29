#include "server_address.h"

#include <algorithm>
#include <cctype>

namespace evo::bot {

std::string ServerAddress::host_header() const {
    std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return port == "80" ? shown : shown + ":" + port;
}

Result<ServerAddress> parse_server_url(std::string_view url) {
    auto bad = [&](const std::string& why) {
        return make_error("bad server URL '" + std::string(url.substr(0, 200)) + "': " + why);
    };
    constexpr std::string_view scheme = "http://";
    if (url.rfind("https://", 0) == 0)
        return bad("https is not spoken here; give the server's plain http address (docs/bots.md)");
    if (url.rfind(scheme, 0) != 0) return bad("it must start with http://");
    std::string_view rest = url.substr(scheme.size());
    std::size_t slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
    while (!path.empty() && path.back() == '/') path.remove_suffix(1);
    ServerAddress address;
    address.port = "80";
    std::string_view port;
    if (!authority.empty() && authority.front() == '[') {
        std::size_t close = authority.find(']');
        if (close == std::string_view::npos) return bad("an IPv6 address without its ']'");
        address.host = std::string(authority.substr(1, close - 1));
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') return bad("text after the IPv6 address");
            port = after.substr(1);
        }
    } else {
        std::size_t colon = authority.find(':');
        address.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    if (address.host.empty()) return bad("no host");
    if (authority.find('@') != std::string_view::npos) return bad("no user or password in it");
    if (!port.empty() || authority.back() == ':') {
        bool digits =
            !port.empty() && port.size() <= 5 && std::all_of(port.begin(), port.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
            });
        if (!digits || std::stoi(std::string(port)) > 65535 || std::stoi(std::string(port)) == 0)
            return bad("the port is a number from 1 to 65535");
        address.port = std::string(port);
    }
    if (path.find_first_of("?#") != std::string_view::npos) return bad("no query in it");
    address.base = std::string(path);
    return address;
}

} // namespace evo::bot
