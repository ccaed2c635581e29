// Players and their accounts: the rules for names and passwords, creating an account, logging
// in and out (one session or all), and who a session or visitor token is. Typed values in and
// out; the HTTP edge (account_routes.h) reads and writes JSON and cookies. Failures are
// ApiErrors (400 bad name or password, 401 wrong login, 409 name taken, 429 too many tries,
// 503 the password threads busy).
//
// A password's Argon2id hash takes 64 MiB and tens of milliseconds: it runs on a few threads
// of its own with a short queue (issue 47, H1), never on a request thread, so a flood of
// logins waits there (or is refused) while every other request is answered.
#pragma once

#include "app/common/clock.h"
#include "app/common/task_pool.h"
#include "crypto.h"
#include "failure_delay.h"
#include "login_throttle.h"
#include "repository.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct AccountOptions {
    PasswordCost password_cost = interactive_password_cost();
    // How passwords are hashed; none: Argon2id at password_cost.
    std::shared_ptr<PasswordHasher> hasher;
    // A session lasts this long from its login (the cookie's Max-Age says the same).
    std::int64_t session_lifetime_ms = 90LL * 24 * 3600 * 1000;
    // Sessions one account may have; a login beyond ends its oldest.
    int sessions_per_account = 20;
    // Failed logins under one name slow the next try there (issue 47, M4): from the 5th on,
    // a wait of 1 s that doubles with each failure up to 5 minutes, forgotten after an hour
    // without one. A device the account logged in from, or its last address, never waits.
    DelayRule failures_per_name{5, 1000, 5 * 60 * 1000, 60 * 60 * 1000};
    // Failed logins allowed per address in the window, then 429.
    ThrottleLimit failures_per_address{20, 15 * 60 * 1000};
    // Successful logins per account, and every login, right or wrong, per address, in the
    // window, then 429: a right password costs a hash as a wrong one does. Only the password
    // fills an account's, so a guesser cannot shut its owner out with it.
    ThrottleLimit logins_per_name{10, 15 * 60 * 1000};
    ThrottleLimit logins_per_address{30, 15 * 60 * 1000};
    // New accounts per address (each costs an Argon2id hash and a row).
    ThrottleLimit accounts_per_address{5, 60 * 60 * 1000};
    // The threads that hash passwords and the hashes that may wait for them (beyond: 503);
    // one address may have one hash running and one waiting (beyond: 429).
    std::size_t password_threads = 2;
    std::size_t password_queue = 4;
    std::size_t passwords_per_address = 1;
};

// Where a sign-up or login comes from: the client's address and its device, the visitor
// cookie it sent (empty: none). A device or address the account logged in from before is
// not held back by others' wrong passwords (issue 47, M4).
struct LoginFrom {
    LoginFrom(std::string client_address, std::string device_token = "")
        : client(std::move(client_address)), device(std::move(device_token)) {}
    LoginFrom(const char* client_address) : client(client_address) {}
    std::string client;
    std::string device;
};

// A logged-in account and the session token to hand to its browser (shown nowhere else).
struct NewSession {
    AccountRecord account;
    std::string token;
};

// What a call that hashes hands back, on a password thread: the session, or the failure
// (an ApiError, a StorageError) to answer instead.
struct SessionOutcome {
    std::optional<NewSession> session;
    std::exception_ptr failure;
};
using SessionDone = std::function<void(SessionOutcome)>;

class AccountService {
  public:
    AccountService(AccountRepository& accounts, const Clock& clock, AccountOptions options = {});
    ~AccountService();
    AccountService(const AccountService&) = delete;
    AccountService& operator=(const AccountService&) = delete;

    // A new account, logged in. The name: 3-20 of [A-Za-z0-9_-], not a house bot's; the
    // password: 8-256 bytes. The name, the password and the limits are checked at once (an
    // ApiError is thrown, nothing is hashed); the hash runs on a password thread, which then
    // hands the outcome to `done`.
    void create_account(const std::string& name, const std::string& password, const LoginFrom& from,
                        SessionDone done);
    // Logs in, the same way; the same 401 for an unknown name and a wrong password, after
    // the same work.
    void log_in(const std::string& name, const std::string& password, const LoginFrom& from,
                SessionDone done);
    // The same on the calling thread, for tests and tools (never on a request thread).
    NewSession create_account(const std::string& name, const std::string& password,
                              const LoginFrom& from);
    NewSession log_in(const std::string& name, const std::string& password, const LoginFrom& from);
    // Refuses new hashes (503), drops the waiting ones and waits for the running ones.
    void stop_password_threads() { password_threads_.stop(); }
    // The hashes waiting for a password thread now.
    std::size_t passwords_waiting() { return password_threads_.queued(); }

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
    // The hashing part of each call, run on a password thread (or the caller's).
    using HashWork = std::function<NewSession()>;
    HashWork check_sign_up(const std::string& name, const std::string& password,
                           const LoginFrom& from);
    HashWork check_log_in(const std::string& name, const std::string& password,
                          const LoginFrom& from);
    void run_on_password_thread(const std::string& client, HashWork work, SessionDone done);
    // Opens a session and notes where it was opened from (its device and address).
    NewSession open_session(AccountRecord account, const LoginFrom& from);

    AccountRepository& accounts_;
    const Clock& clock_;
    AccountOptions options_;
    std::shared_ptr<PasswordHasher> hasher_;
    FailureDelay failures_by_name_;
    LoginThrottle failures_by_address_;
    LoginThrottle logins_by_name_;
    LoginThrottle logins_by_address_;
    LoginThrottle signups_;
    // Checked against when the name is unknown, so that it costs what a wrong password does.
    std::string dummy_hash_;
    TaskPool password_threads_; // last: stopped first, while what its tasks use is still here
};

} // namespace evo::app
