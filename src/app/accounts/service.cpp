#include "service.h"

#include "account_name.h"
#include "app/common/address_key.h"
#include "app/common/api_error.h"

#include <algorithm>
#include <cctype>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

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

// "15 minutes", "40 seconds": a wait as a person reads it, rounded up.
std::string wait_text(int seconds) {
    if (seconds < 120) return std::to_string(seconds) + (seconds == 1 ? " second" : " seconds");
    return std::to_string((seconds + 59) / 60) + " minutes";
}

// Retry-After and the sentence say the real wait (a lock of 15 minutes is not "1 s").
ApiError too_many(const std::string& what, std::int64_t wait_ms) {
    int seconds = int((wait_ms + 999) / 1000);
    return ApiError(ErrorKind::RateLimited, what + "; try again in " + wait_text(seconds))
        .retry_after(seconds);
}

ApiError too_many_tries(std::int64_t wait_ms) {
    return too_many("too many tries for this name or from your address", wait_ms);
}

ApiError wrong_login() {
    return ApiError(ErrorKind::Unauthorized, "wrong name or password");
}

// A password thread gives way to the threads that answer requests when the cores are all
// busy (on Linux a thread's nice value is its own).
void yield_to_request_threads() {
    thread_local bool lowered = false;
    if (lowered) return;
    lowered = true;
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
}

std::string address_key_of(const std::string& client) {
    return "address:" + address_limit_key(client);
}

// A login's device and address as they are stored: digests only (a visitor cookie is a
// secret, an address is the player's own).
std::optional<std::string> device_digest_of(const LoginFrom& from) {
    if (!AccountService::looks_like_token(from.device)) return std::nullopt;
    return token_digest("device:" + from.device);
}
std::string address_digest_of(const LoginFrom& from) {
    return token_digest(address_key_of(from.client));
}

} // namespace

AccountService::AccountService(AccountRepository& accounts, const Clock& clock,
                               AccountOptions options)
    : accounts_(accounts), clock_(clock), options_(options),
      hasher_(options.hasher ? options.hasher
                             : std::make_shared<Argon2idHasher>(options.password_cost)),
      failures_by_name_(clock, options.failures_per_name),
      failures_by_address_(clock, options.failures_per_address),
      logins_by_name_(clock, options.logins_per_name),
      logins_by_address_(clock, options.logins_per_address),
      signups_(clock, options.accounts_per_address), dummy_hash_(hasher_->hash(new_secret_token())),
      password_threads_("password hashing", options.password_threads, options.password_queue,
                        options.passwords_per_address) {}

AccountService::~AccountService() {
    stop_password_threads();
}

NewSession AccountService::open_session(AccountRecord account, const LoginFrom& from) {
    std::string token = new_secret_token();
    // Expired sessions go when their account next logs in (by the account's index, so a
    // login never scans every session of the site).
    accounts_.remove_expired_sessions_of(account.id,
                                         clock_.now_ms() - options_.session_lifetime_ms);
    std::string digest = token_digest(token);
    accounts_.add_session(account.id, digest, clock_.now_ms());
    // A bound on what one account keeps (issue 47, L2): its oldest devices are logged out.
    accounts_.remove_sessions_beyond(account.id, digest, options_.sessions_per_account);
    accounts_.note_login_place(account.id, device_digest_of(from), address_digest_of(from),
                               clock_.now_ms());
    return {std::move(account), std::move(token)};
}

void AccountService::run_on_password_thread(const std::string& client, HashWork work,
                                            SessionDone done) {
    Admission admission =
        password_threads_.try_post(client, [work = std::move(work), done = std::move(done)] {
            yield_to_request_threads();
            SessionOutcome outcome;
            try {
                outcome.session = work();
            } catch (...) {
                outcome.failure = std::current_exception();
            }
            done(std::move(outcome));
        });
    if (admission == Admission::Queued) return;
    if (admission == Admission::ClientFull)
        throw ApiError(ErrorKind::RateLimited, "a login or sign-up from your address is being "
                                               "checked already; try again in a moment");
    throw unavailable("the server is checking too many passwords; try again in a moment");
}

AccountService::HashWork AccountService::check_sign_up(const std::string& name,
                                                       const std::string& password,
                                                       const LoginFrom& from) {
    check_name(name);
    check_password(password);
    if (house_bot_name(name))
        throw conflict("the name " + name + " is kept for the site's own bots");
    if (is_reserved_account_name(name)) throw conflict("the name " + name + " is reserved");
    std::string address_key = address_key_of(from.client);
    if (std::int64_t wait = signups_.wait_ms(address_key))
        throw too_many("too many new accounts from your address", wait);
    // A taken name is told before any hashing, and spends none of the address's sign-ups:
    // only an account made counts (issue 47, L5).
    if (accounts_.find_by_name(name)) throw conflict("the name " + name + " is taken");
    return [this, name, password, address_key, from] {
        AccountRecord account{0, name, hasher_->hash(password), clock_.now_ms()};
        if (!accounts_.create(account)) throw conflict("the name " + name + " is taken");
        signups_.note(address_key);
        return open_session(std::move(account), from);
    };
}

AccountService::HashWork AccountService::check_log_in(const std::string& name,
                                                      const std::string& password,
                                                      const LoginFrom& from) {
    std::string address_key = address_key_of(from.client);
    // A text that is no account's name is refused before any hashing, counted against its
    // address only: every key below is the name as it is looked up.
    if (!is_account_name(name) || password.size() > max_password) {
        if (std::int64_t wait = failures_by_address_.wait_ms(address_key))
            throw too_many_tries(wait);
        failures_by_address_.note(address_key);
        throw wrong_login();
    }
    std::string name_key = "name:" + account_name_key(name);
    // Others' wrong passwords never hold back the owner on a device or at the address the
    // account last logged in from (issue 47, M4); elsewhere they slow the next try.
    std::optional<AccountRecord> named = accounts_.find_by_name(name);
    bool familiar = named && accounts_.is_known_login_place(named->id, device_digest_of(from),
                                                            address_digest_of(from));
    std::int64_t wait =
        std::max({failures_by_address_.wait_ms(address_key), logins_by_name_.wait_ms(name_key),
                  logins_by_address_.wait_ms(address_key),
                  familiar ? 0 : failures_by_name_.wait_ms(name_key)});
    if (wait > 0) throw too_many_tries(wait);
    // Counted now, before the hash, as if it failed: concurrent tries see each other. A right
    // password forgets the name's failures.
    logins_by_address_.note(address_key);
    if (!familiar) failures_by_name_.note(name_key);
    return [this, account = std::move(named), password, name_key, address_key, from] {
        // The account as looked up above; the same Argon2id work whether or not it exists.
        bool matches = hasher_->matches(password, account ? account->password_hash : dummy_hash_);
        if (!account || !matches) {
            failures_by_address_.note(address_key);
            throw wrong_login();
        }
        failures_by_name_.clear(name_key);
        logins_by_name_.note(name_key);
        return open_session(*account, from);
    };
}

void AccountService::create_account(const std::string& name, const std::string& password,
                                    const LoginFrom& from, SessionDone done) {
    run_on_password_thread(from.client, check_sign_up(name, password, from), std::move(done));
}

void AccountService::log_in(const std::string& name, const std::string& password,
                            const LoginFrom& from, SessionDone done) {
    run_on_password_thread(from.client, check_log_in(name, password, from), std::move(done));
}

NewSession AccountService::create_account(const std::string& name, const std::string& password,
                                          const LoginFrom& from) {
    return check_sign_up(name, password, from)();
}

NewSession AccountService::log_in(const std::string& name, const std::string& password,
                                  const LoginFrom& from) {
    return check_log_in(name, password, from)();
}

bool AccountService::house_bot_name(const std::string& name) {
    constexpr std::string_view prefix = "evobot";
    if (name.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(name[i])) != prefix[i]) return false;
    return true;
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
