// Players and their accounts: the rules for names and passwords, creating an account, logging
// in and out (one session or all), and who a session or visitor token is. Typed values in and
// out; the HTTP edge (account_routes.h) reads and writes JSON and cookies. Failures are
// ApiErrors (400 bad name or password, 401 wrong login, 409 name taken, 429 too many tries).
#pragma once

#include "app/common/clock.h"
#include "crypto.h"
#include "login_throttle.h"
#include "repository.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct AccountOptions {
    PasswordCost password_cost = interactive_password_cost();
    // A session lasts this long from its login (the cookie's Max-Age says the same).
    std::int64_t session_lifetime_ms = 90LL * 24 * 3600 * 1000;
    // Failed logins allowed per name and per address in the window, then 429.
    ThrottleLimit failures_per_name{5, 15 * 60 * 1000};
    ThrottleLimit failures_per_address{20, 15 * 60 * 1000};
    // New accounts per address (each costs an Argon2id hash and a row).
    ThrottleLimit accounts_per_address{5, 60 * 60 * 1000};
};

// A logged-in account and the session token to hand to its browser (shown nowhere else).
struct NewSession {
    AccountRecord account;
    std::string token;
};

class AccountService {
  public:
    AccountService(AccountRepository& accounts, const Clock& clock, AccountOptions options = {});

    // A new account, logged in. The name: 3-20 of [A-Za-z0-9_-], not a house bot's; the
    // password: 8-256 bytes.
    NewSession create_account(const std::string& name, const std::string& password,
                              const std::string& client);
    // Logs in; the same 401 for an unknown name and a wrong password, after the same work.
    NewSession log_in(const std::string& name, const std::string& password,
                      const std::string& client);
    // Ends the session (nothing if there is none).
    void log_out(const std::string& token);
    // Ends every session of the token's account; none if the token is no live session.
    std::optional<int> log_out_everywhere(const std::string& token);
    // The account a live session token belongs to.
    std::optional<AccountRecord> account_of(const std::string& token);
    // The account's ratings as stored; ratings/glicko2.h says which are provisional.
    std::vector<StoredRating> ratings_of(std::int64_t account_id);

    std::int64_t session_lifetime_ms() const { return options_.session_lifetime_ms; }

    // "Anonymous 4F2A": the public name of a visitor, from their secret visitor token.
    static std::string anonymous_name(const std::string& visitor_token);
    // Names that begin with "evobot" (any case) are the site's own bots' (bots/house_bots.h):
    // nobody signs up with one, so a house bot never takes over a person's account.
    static bool house_bot_name(const std::string& name);
    // Whether the text is a token this server hands out (64 hex digits).
    static bool looks_like_token(const std::string& text);

  private:
    NewSession open_session(AccountRecord account);

    AccountRepository& accounts_;
    const Clock& clock_;
    AccountOptions options_;
    LoginThrottle by_name_;
    LoginThrottle by_address_;
    LoginThrottle signups_;
    // Checked against when the name is unknown, so that it costs what a wrong password does.
    std::string dummy_hash_;
};

} // namespace evo::app
