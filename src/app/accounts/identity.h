// Who a request comes from, as the keys a game's owner is stored by (GameRecord::owner):
// "account:ID" for a logged-in player, "visitor:DIGEST" for an anonymous visitor's cookie.
// A visitor is kept by its token's digest, so the database holds no secret to act with.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct Player {
    std::optional<std::string> account_key;
    std::optional<std::string> visitor_key;

    // Every key the player's games may be stored under (a visitor who logged in keeps the
    // games made before).
    std::vector<std::string> keys() const;
    // The key a new game is stored under: the account's, else the visitor's; empty: nobody.
    std::string owner_key() const;
    bool owns(const std::string& owner) const;
};

std::string account_owner_key(std::int64_t account_id);
std::string visitor_owner_key(const std::string& visitor_token);

} // namespace evo::app
