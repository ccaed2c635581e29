#include "account_name.h"

#include <algorithm>
#include <array>
#include <string>

namespace evo::app {

namespace {

std::string folded(std::string_view name) {
    std::string key;
    for (char c : name)
        if (c != '_' && c != '-') key += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
    return key;
}

// Compared without case, '_' or '-': "Site_Admin" is "siteadmin".
constexpr std::array<std::string_view, 24> Reserved{
    "admin",   "administrator", "root",    "system", "sysop",     "moderator",
    "mod",     "staff",         "support", "help",   "official",  "evochess",
    "lichess", "server",        "api",     "bot",    "guest",     "nobody",
    "null",    "undefined",     "deleted", "owner",  "webmaster", "siteadmin",
};

// Those that may not even begin a name: "Anonymous_4F2A" passes for a visitor.
constexpr std::array<std::string_view, 3> ReservedPrefixes{"anonymous", "admin", "moderator"};

} // namespace

bool is_reserved_account_name(std::string_view name) {
    const std::string key = folded(name);
    if (std::find(Reserved.begin(), Reserved.end(), key) != Reserved.end()) return true;
    return std::any_of(ReservedPrefixes.begin(), ReservedPrefixes.end(),
                       [&](std::string_view prefix) { return key.starts_with(prefix); });
}

} // namespace evo::app
