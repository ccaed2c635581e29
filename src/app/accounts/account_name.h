// The account-name rule (docs/api.md "Accounts"): 3 to 20 characters, each a letter (A-Z,
// a-z), a digit, '_' or '-'. A text that breaks it names no account, so it is never looked
// up, hashed against or made into a throttle's key (a NUL above all, which PostgreSQL's text
// would cut short: "alice\0x" is not alice).
#pragma once

#include <string_view>

namespace evo::app {

inline constexpr std::size_t min_account_name = 3, max_account_name = 20;

constexpr bool is_account_name(std::string_view name) {
    if (name.size() < min_account_name || name.size() > max_account_name) return false;
    for (char c : name)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    return true;
}

// Names a new account may not take (issue 47, L5): the site's own roles and words, and what
// passes for a visitor ("Anonymous ...") or for nobody, whatever their case. The site's
// bots' prefix ("evobot") is kept apart, by the account service.
bool is_reserved_account_name(std::string_view name);

} // namespace evo::app
