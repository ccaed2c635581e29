// Personal API tokens (docs/bots.md): an account makes tokens with scopes for its programs (a
// bot, a board app), lists them without their secrets and revokes them. Only a token's digest
// is stored (crypto.h), so a token is checked by one lookup of the database on every request:
// a revoked token stops working at once on every process. Failures are ApiErrors (400 an
// unknown scope or a long description, 429 too many tokens made or held).
#pragma once

#include "app/common/clock.h"
#include "login_throttle.h"
#include "repository.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::app {

// The scopes a token may be given, as lichess names them.
const std::vector<std::string>& api_token_scopes();

// A token just made: its record and its secret (shown once, to its maker).
struct NewApiToken {
    ApiTokenRecord record;
    std::string secret;
};

class ApiTokens {
  public:
    static constexpr std::size_t max_tokens_per_account = 30;
    static constexpr std::size_t max_description = 200;

    ApiTokens(AccountRepository& accounts, const Clock& clock,
              ThrottleLimit creations = {10, 60 * 60 * 1000});

    NewApiToken create(const AccountRecord& account, const std::string& description,
                       const std::vector<std::string>& scopes);
    std::vector<ApiTokenRecord> list(std::int64_t account_id);
    // False when the account has no token of that id.
    bool revoke(std::int64_t account_id, std::int64_t token_id);
    // The token's account and record; none for a text that is no live token. `use`: the
    // token authorizes a request, and its last use is noted (not when it is only tested).
    std::optional<ApiTokenOwner> owner_of(const std::string& secret, bool use = true);

    // Whether the text has the form of a token this server hands out ("evo_" and 32 hex
    // digits), so that a seat token in the same header is not looked up as one.
    static bool looks_like_api_token(std::string_view text);

  private:
    AccountRepository& accounts_;
    const Clock& clock_;
    LoginThrottle creations_;
};

// Whether the token has the scope.
bool has_scope(const ApiTokenRecord& token, std::string_view scope);

} // namespace evo::app
