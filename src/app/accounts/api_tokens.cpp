#include "api_tokens.h"

#include "app/common/api_error.h"
#include "crypto.h"

#include <algorithm>

namespace evo::app {

namespace {

constexpr std::string_view token_prefix = "evo_";
constexpr std::size_t token_hex_digits = 32;

} // namespace

const std::vector<std::string>& api_token_scopes() {
    static const std::vector<std::string> scopes = {
        "bot:play",        "board:play",       "challenge:read",
        "challenge:write", "tournament:write", "preference:read",
    };
    return scopes;
}

bool has_scope(const ApiTokenRecord& token, std::string_view scope) {
    return std::find(token.scopes.begin(), token.scopes.end(), scope) != token.scopes.end();
}

ApiTokens::ApiTokens(AccountRepository& accounts, const Clock& clock, ThrottleLimit creations)
    : accounts_(accounts), clock_(clock), creations_(clock, creations) {}

NewApiToken ApiTokens::create(const AccountRecord& account, const std::string& description,
                              const std::vector<std::string>& scopes) {
    if (description.size() > max_description)
        throw bad_request("a token's description has at most 200 bytes");
    std::vector<std::string> kept;
    for (const std::string& scope : scopes) {
        const auto& known = api_token_scopes();
        if (std::find(known.begin(), known.end(), scope) == known.end())
            throw bad_request("unknown scope \"" + scope.substr(0, 40) + "\"; the scopes are " +
                              joined_scopes(known));
        if (std::find(kept.begin(), kept.end(), scope) == kept.end()) kept.push_back(scope);
    }
    std::string key = "account:" + std::to_string(account.id);
    if (!creations_.allows(key))
        throw ApiError(ErrorKind::RateLimited, "too many tokens made lately; try again later");
    if (accounts_.api_tokens_of(account.id).size() >= max_tokens_per_account)
        throw ApiError(ErrorKind::RateLimited,
                       "an account holds at most 30 tokens: revoke one first");
    creations_.note(key);
    NewApiToken made;
    made.secret = std::string(token_prefix) + random_hex(token_hex_digits / 2);
    made.record.account_id = account.id;
    made.record.digest = token_digest(made.secret);
    made.record.description = description;
    made.record.scopes = std::move(kept);
    made.record.created_ms = clock_.now_ms();
    accounts_.add_api_token(made.record);
    return made;
}

std::vector<ApiTokenRecord> ApiTokens::list(std::int64_t account_id) {
    return accounts_.api_tokens_of(account_id);
}

bool ApiTokens::revoke(std::int64_t account_id, std::int64_t token_id) {
    return accounts_.remove_api_token(account_id, token_id);
}

std::optional<ApiTokenOwner> ApiTokens::owner_of(const std::string& secret, bool use) {
    if (!looks_like_api_token(secret)) return std::nullopt;
    auto owner = accounts_.api_token_owner(token_digest(secret));
    if (owner && use) accounts_.note_api_token_use(owner->token.id, clock_.now_ms());
    return owner;
}

bool ApiTokens::looks_like_api_token(std::string_view text) {
    if (text.size() != token_prefix.size() + token_hex_digits || !text.starts_with(token_prefix))
        return false;
    return std::all_of(text.begin() + token_prefix.size(), text.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

} // namespace evo::app
