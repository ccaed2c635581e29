#include "service.h"

#include "account_name.h"
#include "app/common/api_error.h"

#include <cctype>

namespace evo::app {

namespace {

constexpr std::size_t min_password = 8, max_password = 256;

void check_name(const std::string& name) {
    if (!is_account_name(name))
        throw bad_request("a name is 3 to 20 characters, each a letter (A-Z, a-z), a digit, "
                          "'_' or '-'");
}

void check_password(const std::string& password) {
    if (password.size() < min_password) throw bad_request("a password has at least 8 characters");
    if (password.size() > max_password) throw bad_request("a password has at most 256 bytes");
}

ApiError too_many_tries() {
    return ApiError(ErrorKind::RateLimited,
                    "too many tries for this name or from your address; try again later");
}

ApiError wrong_login() {
    return ApiError(ErrorKind::Unauthorized, "wrong name or password");
}

} // namespace

AccountService::AccountService(AccountRepository& accounts, const Clock& clock,
                               AccountOptions options)
    : accounts_(accounts), clock_(clock), options_(options),
      by_name_(clock, options.failures_per_name), by_address_(clock, options.failures_per_address),
      signups_(clock, options.accounts_per_address),
      dummy_hash_(hash_password(new_secret_token(), options.password_cost)) {}

NewSession AccountService::open_session(AccountRecord account) {
    std::string token = new_secret_token();
    // Expired sessions go when their account next logs in (by the account's index, so a
    // login never scans every session of the site).
    accounts_.remove_expired_sessions_of(account.id,
                                         clock_.now_ms() - options_.session_lifetime_ms);
    accounts_.add_session(account.id, token_digest(token), clock_.now_ms());
    return {std::move(account), std::move(token)};
}

NewSession AccountService::create_account(const std::string& name, const std::string& password,
                                          const std::string& client) {
    check_name(name);
    check_password(password);
    if (house_bot_name(name))
        throw conflict("the name " + name + " is kept for the site's own bots");
    if (!signups_.allows(client))
        throw ApiError(ErrorKind::RateLimited,
                       "too many new accounts from your address; try again later");
    signups_.note(client);
    AccountRecord account{0, name, hash_password(password, options_.password_cost),
                          clock_.now_ms()};
    if (!accounts_.create(account)) throw conflict("the name " + name + " is taken");
    return open_session(std::move(account));
}

bool AccountService::house_bot_name(const std::string& name) {
    constexpr std::string_view prefix = "evobot";
    if (name.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(name[i])) != prefix[i]) return false;
    return true;
}

NewSession AccountService::log_in(const std::string& name, const std::string& password,
                                  const std::string& client) {
    std::string address_key = "address:" + client;
    // A text that is no account's name is refused before any hashing, counted against its
    // address only: every key below is the name as it is looked up.
    if (!is_account_name(name) || password.size() > max_password) {
        if (!by_address_.allows(address_key)) throw too_many_tries();
        by_address_.note(address_key);
        throw wrong_login();
    }
    std::string name_key = "name:" + account_name_key(name);
    if (!by_name_.allows(name_key) || !by_address_.allows(address_key)) throw too_many_tries();
    std::optional<AccountRecord> account = accounts_.find_by_name(name);
    // The same Argon2id work whether or not the name exists.
    bool matches = password_matches(password, account ? account->password_hash : dummy_hash_);
    if (!account || !matches) {
        by_name_.note(name_key);
        by_address_.note(address_key);
        throw wrong_login();
    }
    by_name_.clear(name_key);
    return open_session(std::move(*account));
}

void AccountService::log_out(const std::string& token) {
    if (looks_like_token(token)) accounts_.remove_session(token_digest(token));
}

std::optional<int> AccountService::log_out_everywhere(const std::string& token) {
    std::optional<AccountRecord> account = account_of(token);
    if (!account) return std::nullopt;
    return accounts_.remove_sessions_of(account->id);
}

std::optional<AccountRecord> AccountService::account_of(const std::string& token) {
    if (!looks_like_token(token)) return std::nullopt;
    return accounts_.account_of_session(token_digest(token),
                                        clock_.now_ms() - options_.session_lifetime_ms);
}

std::vector<StoredRating> AccountService::ratings_of(std::int64_t account_id) {
    return accounts_.ratings_of(account_id);
}

std::string AccountService::anonymous_name(const std::string& visitor_token) {
    std::string tag = token_digest(visitor_token).substr(0, 4);
    for (char& c : tag)
        if (c >= 'a' && c <= 'f') c = char(c - 'a' + 'A');
    return "Anonymous " + tag;
}

bool AccountService::looks_like_token(const std::string& text) {
    if (text.size() != 64) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

} // namespace evo::app
