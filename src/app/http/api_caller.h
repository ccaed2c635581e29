// Who calls lichess's API for programs: the account an API token (Authorization: Bearer)
// belongs to, and the token's scopes (docs/bots.md).
#pragma once

#include "app/accounts/api_tokens.h"
#include "app/accounts/identity.h"
#include "message.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

// The account a request's API token belongs to, and the token.
struct TokenCaller {
    AccountRecord account;
    ApiTokenRecord token;
    Player player() const {
        Player player;
        player.account_key = account_owner_key(account.id);
        return player;
    }
};

// The request's bearer token; none without one.
std::optional<std::string> bearer(const HttpRequest& request);
// The token's account and the token; no token or an unknown one: 401 "No such token".
TokenCaller token_caller(const HttpRequest& request, ApiTokens& tokens);
// 403 "Missing scope" unless the token has one of these scopes.
void require_scope(const TokenCaller& caller, std::initializer_list<std::string_view> any_of);

} // namespace evo::app
