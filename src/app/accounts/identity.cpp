#include "identity.h"

#include "crypto.h"

#include <algorithm>

namespace evo::app {

std::vector<std::string> Player::keys() const {
    std::vector<std::string> keys;
    if (account_key) keys.push_back(*account_key);
    if (visitor_key) keys.push_back(*visitor_key);
    return keys;
}

std::string Player::owner_key() const {
    return account_key.value_or(visitor_key.value_or(""));
}

bool Player::owns(const std::string& owner) const {
    return !owner.empty() && (owner == account_key || owner == visitor_key);
}

std::string account_owner_key(std::int64_t account_id) {
    return "account:" + std::to_string(account_id);
}

std::string visitor_owner_key(const std::string& visitor_token) {
    return "visitor:" + token_digest(visitor_token);
}

} // namespace evo::app
