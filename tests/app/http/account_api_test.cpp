// Players and accounts over HTTP (docs/api.md, "Players and accounts"): creating an account,
// logging in and out, sessions in HttpOnly SameSite=Lax cookies, the same 401 for an unknown
// name and a wrong password, the rate limit per name and per address on the injected clock,
// the Origin every cookie-authenticated change must carry, anonymous visitors' names.
#include "api_test_server.h"

#include "app/accounts/service.h"
#include "app/storage/sqlite/account_repository.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <regex>
#include <thread>
#include <vector>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class AccountApiTest : public ::testing::Test {
  protected:
    static constexpr std::int64_t minute_ms = 60 * 1000;

    void SetUp() override { start(cheap_passwords(), ApiTestServer::unlimited_rate()); }
    ~AccountApiTest() override { stop_password_threads(); }
    // They answer through the server: stopped before it goes.
    void stop_password_threads() {
        if (accounts_) accounts_->stop_password_threads();
    }

    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }

    // (Re)starts the server with these accounts and limits.
    void start(AccountOptions options, ServerLimits limits) {
        stop_password_threads();
        client_.reset();
        server_.reset();
        accounts_.reset();
        accounts_repository_ = std::make_unique<SqliteAccountRepository>(
            (directory_.path() / "games.sqlite3").string());
        accounts_ = std::make_unique<AccountService>(*accounts_repository_, clock_, options);
        limits.trust_forwarded_for = true; // as behind the proxy: X-Forwarded-For is the client
        RouterOptions router;
        router.accounts = accounts_.get();
        router.origin.trust_forwarded_proto = true;
        server_ = std::make_unique<ApiTestServer>(directory_.path(), SearchFunction{}, &clock_,
                                                  ServiceOptions{}, limits, router);
        client_ = server_->client();
    }

    std::string origin() const { return "http://127.0.0.1:" + std::to_string(server_->port()); }

    struct Answer {
        int status = 0;
        json body;
        std::string set_cookie;
        std::string retry_after;
    };

    Answer send(const std::string& method, const std::string& path, const json& body,
                httplib::Headers headers = {}) {
        std::string text = body.is_null() ? "" : body.dump();
        httplib::Result result =
            method == "POST"     ? client_->Post(path, headers, text, "application/json")
            : method == "DELETE" ? client_->Delete(path, headers, text, "application/json")
                                 : client_->Get(path, headers);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false),
                result->get_header_value("Set-Cookie"), result->get_header_value("Retry-After")};
    }

    // The token of a Set-Cookie for the session cookie.
    static std::string session_of(const std::string& set_cookie) {
        std::smatch match;
        if (!std::regex_search(set_cookie, match, std::regex("^evo_session=([0-9a-f]{64});")))
            return "";
        return match[1];
    }

    Answer create(const std::string& name, const std::string& password,
                  const std::string& address = "198.51.100.1") {
        return send("POST", "/api/accounts", {{"name", name}, {"password", password}},
                    {{"X-Forwarded-For", address}});
    }
    Answer log_in(const std::string& name, const std::string& password,
                  const std::string& address = "198.51.100.1", const std::string& device = "") {
        httplib::Headers headers{{"X-Forwarded-For", address}};
        if (!device.empty()) headers.emplace("Cookie", "evo_visitor=" + device);
        return send("POST", "/api/session", {{"name", name}, {"password", password}}, headers);
    }
    Answer me(const std::string& token) {
        return send("GET", "/api/me", nullptr, {{"Cookie", "evo_session=" + token}});
    }
    Answer with_session(const std::string& method, const std::string& path,
                        const std::string& token) {
        return send(method, path, nullptr,
                    {{"Cookie", "evo_session=" + token}, {"Origin", origin()}});
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    std::unique_ptr<SqliteAccountRepository> accounts_repository_;
    std::unique_ptr<AccountService> accounts_;
    std::unique_ptr<ApiTestServer> server_;
    std::unique_ptr<httplib::Client> client_;
};

TEST_F(AccountApiTest, ANewAccountIsLoggedInByAnHttpOnlySameSiteCookie) {
    Answer created = create("Ada_Lovelace", "analytical engine");
    ASSERT_EQ(created.status, 201);
    EXPECT_EQ(created.body, (json{{"name", "Ada_Lovelace"}}));
    std::string token = session_of(created.set_cookie);
    ASSERT_FALSE(token.empty()) << created.set_cookie;
    EXPECT_NE(created.set_cookie.find("; HttpOnly"), std::string::npos);
    EXPECT_NE(created.set_cookie.find("; SameSite=Lax"), std::string::npos);
    EXPECT_NE(created.set_cookie.find("; Path=/"), std::string::npos);
    EXPECT_EQ(created.set_cookie.find("Secure"), std::string::npos); // plain HTTP here
    Answer who = me(token);
    ASSERT_EQ(who.status, 200);
    EXPECT_EQ(who.body, (json{{"name", "Ada_Lovelace"},
                              {"anonymous", false},
                              {"bot", false},
                              {"ratings", json::object()}}));
}

TEST_F(AccountApiTest, BehindTheProxyOverTlsTheCookieIsSecure) {
    Answer created = send("POST", "/api/accounts", {{"name", "secure1"}, {"password", "12345678"}},
                          {{"X-Forwarded-Proto", "https"}});
    ASSERT_EQ(created.status, 201);
    EXPECT_NE(created.set_cookie.find("; Secure"), std::string::npos) << created.set_cookie;
}

TEST_F(AccountApiTest, ANameIsTakenWhateverItsCase) {
    ASSERT_EQ(create("Bobby-F", "password1").status, 201);
    Answer again = create("bobby-f", "password2");
    EXPECT_EQ(again.status, 409);
    EXPECT_TRUE(again.set_cookie.empty());
}

TEST_F(AccountApiTest, BadNamesAndShortPasswordsAreRefused) {
    for (std::string name : {"ab", "abcdefghijklmnopqrstu", "two words", "<b>bold</b>",
                             "caf\xC3\xA9", "semi;colon", ""}) {
        Answer refused = create(name, "long enough");
        EXPECT_EQ(refused.status, 400) << name;
        EXPECT_TRUE(refused.set_cookie.empty());
    }
    EXPECT_EQ(create("abc", "1234567").status, 400);
    EXPECT_EQ(send("POST", "/api/accounts", {{"name", "abc"}}).status, 400);
    EXPECT_EQ(send("POST", "/api/accounts", {{"name", "abc"}, {"password", 12345678}}).status, 400);
    EXPECT_EQ(create("abc", "12345678").status, 201);
    EXPECT_EQ(create("a-b_C-20-characters_", "12345678").status, 201);
}

TEST_F(AccountApiTest, AnUnknownNameAndAWrongPasswordGetTheSameAnswer) {
    ASSERT_EQ(create("carol", "correct horse").status, 201);
    Answer wrong = log_in("carol", "wrong horse");
    Answer unknown = log_in("nobody", "correct horse");
    EXPECT_EQ(wrong.status, 401);
    EXPECT_EQ(unknown.status, 401);
    EXPECT_EQ(wrong.body, unknown.body);
    EXPECT_TRUE(wrong.set_cookie.empty());
    Answer right = log_in("CAROL", "correct horse");
    ASSERT_EQ(right.status, 200);
    EXPECT_EQ(right.body["name"], "carol");
    EXPECT_EQ(me(session_of(right.set_cookie)).body["name"], "carol");
}

// Issue 47 (M4): guessing a name slows the next try there, by a wait that grows with each
// failure up to 5 minutes; never a lock of a quarter of an hour.
TEST_F(AccountApiTest, GuessingOneNameMakesTheNextTryThereWaitLongerEachTime) {
    ASSERT_EQ(create("dave", "the real one").status, 201);
    // From several addresses, so that only the name's delay is met.
    int address = 0;
    auto guess = [&] {
        return log_in("dave", "a guess", "203.0.113." + std::to_string(address++ % 100));
    };
    for (int i = 0; i < 4; ++i) EXPECT_EQ(guess().status, 401) << i;
    EXPECT_EQ(guess().status, 401);
    Answer held = log_in("DAVE", "the real one", "203.0.113.200");
    EXPECT_EQ(held.status, 429);
    EXPECT_EQ(held.retry_after, "1");
    for (int seconds : {1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300}) {
        clock_.advance(seconds * 1000 - 1);
        EXPECT_EQ(guess().status, 429) << seconds;
        clock_.advance(1);
        EXPECT_EQ(guess().status, 401) << seconds;
    }
    // The owner, on a device the account does not know, waits 5 minutes at most.
    Answer owner = log_in("dave", "the real one", "203.0.113.201");
    EXPECT_EQ(owner.status, 429);
    EXPECT_EQ(owner.retry_after, "300");
    clock_.advance(300 * 1000);
    EXPECT_EQ(log_in("dave", "the real one", "203.0.113.201").status, 200);
    // A right password forgets the failures.
    EXPECT_EQ(guess().status, 401);
    EXPECT_EQ(log_in("dave", "a guess", "203.0.113.202").status, 401);
}

// Issue 47 (M4): others' wrong passwords never hold back the owner on a device the account
// logged in from (its visitor cookie) or at the address it last logged in from.
TEST_F(AccountApiTest, AKnownDeviceOrTheLastAddressIsNeverHeldBackByAGuesser) {
    const std::string phone(64, 'a'), laptop(64, 'b'), stranger(64, 'c');
    ASSERT_EQ(create("olga", "the real one", "198.51.100.30").status, 201);
    ASSERT_EQ(log_in("olga", "the real one", "192.0.2.40", phone).status, 200);
    ASSERT_EQ(log_in("olga", "the real one", "192.0.2.41", laptop).status, 200);
    for (int i = 0; i < 12; ++i)
        log_in("olga", "a guess", "203.0.113." + std::to_string(i), stranger);
    EXPECT_EQ(log_in("olga", "the real one", "203.0.113.99", stranger).status, 429);
    // The phone, from anywhere; the laptop's address (the last one), with no cookie.
    EXPECT_EQ(log_in("olga", "the real one", "198.51.100.99", phone).status, 200);
    for (int i = 0; i < 12; ++i)
        log_in("olga", "a guess", "203.0.113." + std::to_string(i), stranger);
    EXPECT_EQ(log_in("olga", "the real one", "198.51.100.99").status, 200);
    // Each success forgets the failures: the guesser starts again.
    for (int i = 0; i < 12; ++i)
        log_in("olga", "a guess", "203.0.113." + std::to_string(i), stranger);
    EXPECT_EQ(log_in("olga", "the real one", "192.0.2.41").status, 429) << "no longer the last";
    // A wrong password from the phone is still wrong, and counted against its address.
    EXPECT_EQ(log_in("olga", "a guess", "198.51.100.98", phone).status, 401);
    // The guesser's cookie is no device of olga's however often it tried.
    EXPECT_EQ(log_in("olga", "the real one", "203.0.113.99", stranger).status, 429);
}

TEST_F(AccountApiTest, GuessingFromOneAddressIsRefusedThereOnly) {
    ASSERT_EQ(create("erin", "the real one").status, 201);
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(log_in("user" + std::to_string(i), "guess", "192.0.2.7").status, 401);
    EXPECT_EQ(log_in("erin", "the real one", "192.0.2.7").status, 429);
    EXPECT_EQ(log_in("erin", "the real one", "192.0.2.8").status, 200);
}

TEST_F(AccountApiTest, LoggingOutEndsThatSessionOnly) {
    std::string laptop = session_of(create("frank", "password!").set_cookie);
    std::string phone = session_of(log_in("frank", "password!").set_cookie);
    ASSERT_NE(laptop, phone);
    Answer out = with_session("DELETE", "/api/session", laptop);
    EXPECT_EQ(out.status, 200);
    EXPECT_NE(out.set_cookie.find("evo_session=; Path=/; Max-Age=0"), std::string::npos)
        << out.set_cookie;
    EXPECT_TRUE(me(laptop).body["anonymous"]);
    EXPECT_EQ(me(phone).body["name"], "frank");
}

TEST_F(AccountApiTest, LoggingOutEverywhereEndsEverySessionOfTheAccount) {
    std::string laptop = session_of(create("grace", "password!").set_cookie);
    std::string phone = session_of(log_in("grace", "password!").set_cookie);
    std::string other = session_of(create("heidi", "password!").set_cookie);
    Answer out = with_session("DELETE", "/api/sessions", phone);
    ASSERT_EQ(out.status, 200);
    EXPECT_EQ(out.body["sessions_ended"], 2);
    EXPECT_TRUE(me(laptop).body["anonymous"]);
    EXPECT_TRUE(me(phone).body["anonymous"]);
    EXPECT_EQ(me(other).body["name"], "heidi");
    EXPECT_EQ(with_session("DELETE", "/api/sessions", phone).status, 401);
}

TEST_F(AccountApiTest, AChangeMadeWithTheCookieMustComeFromOurOrigin) {
    std::string token = session_of(create("ivan", "password!").set_cookie);
    Answer no_origin =
        send("DELETE", "/api/sessions", nullptr, {{"Cookie", "evo_session=" + token}});
    EXPECT_EQ(no_origin.status, 403);
    Answer foreign = send("DELETE", "/api/sessions", nullptr,
                          {{"Cookie", "evo_session=" + token}, {"Origin", "https://evil.example"}});
    EXPECT_EQ(foreign.status, 403);
    EXPECT_EQ(me(token).body["name"], "ivan"); // still logged in everywhere
    // Reading needs no Origin; a change without the cookie needs none either.
    EXPECT_EQ(post_json(*client_, "/api/games", {{"variant", "chess"}}).status, 201);
}

TEST_F(AccountApiTest, ASessionEndsWhenItsLifetimeHasPassed) {
    std::string token = session_of(create("judy", "password!").set_cookie);
    clock_.advance(accounts_->session_lifetime_ms());
    EXPECT_EQ(me(token).body["name"], "judy");
    clock_.advance(1);
    EXPECT_TRUE(me(token).body["anonymous"]);
}

TEST_F(AccountApiTest, ExpiredSessionsAreRemovedWhenTheAccountLogsInAgain) {
    ASSERT_EQ(create("kate", "password!").status, 201);
    clock_.advance(accounts_->session_lifetime_ms() + 1);
    std::string fresh = session_of(log_in("kate", "password!").set_cookie);
    ASSERT_FALSE(fresh.empty());
    // Only the new session is left: the expired one went with the login.
    EXPECT_EQ(
        accounts_repository_->remove_sessions_of(accounts_repository_->find_by_name("kate")->id),
        1);
}

// Issue 47 (L2): an account keeps 20 sessions; the 21st login ends the oldest.
TEST_F(AccountApiTest, ALoginBeyondTwentySessionsEndsTheOldest) {
    std::vector<std::string> sessions{session_of(create("olga", "password!").set_cookie)};
    for (int i = 1; i < 21; ++i) {
        if (i % 10 == 0) clock_.advance(15 * minute_ms); // past the limit of logins
        clock_.advance(1);
        sessions.push_back(session_of(log_in("olga", "password!").set_cookie));
        ASSERT_FALSE(sessions.back().empty()) << i;
    }
    EXPECT_EQ(me(sessions[0]).body["anonymous"], true);
    for (std::size_t i = 1; i < sessions.size(); ++i)
        EXPECT_EQ(me(sessions[i]).body["name"], "olga") << i;
}

TEST_F(AccountApiTest, AForgedOrMalformedSessionIsAnAnonymousVisitor) {
    ASSERT_EQ(create("mallory", "password!").status, 201);
    EXPECT_TRUE(me(std::string(64, 'a')).body["anonymous"]);
    EXPECT_TRUE(me("not-a-token").body["anonymous"]);
}

TEST_F(AccountApiTest, AnAnonymousVisitorKeepsTheirNameInACookie) {
    Answer first = send("GET", "/api/me", nullptr);
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(first.body["anonymous"], true);
    EXPECT_EQ(first.body["ratings"], json::object());
    std::string name = first.body["name"];
    EXPECT_TRUE(std::regex_match(name, std::regex("Anonymous [0-9A-F]{4}"))) << name;
    std::smatch match;
    ASSERT_TRUE(std::regex_search(first.set_cookie, match,
                                  std::regex("^evo_visitor=([0-9a-f]{64}); Path=/; Max-Age=")))
        << first.set_cookie;
    EXPECT_NE(first.set_cookie.find("; HttpOnly; SameSite=Lax"), std::string::npos);
    std::string visitor = match[1];
    Answer again = send("GET", "/api/me", nullptr, {{"Cookie", "evo_visitor=" + visitor}});
    EXPECT_EQ(again.body["name"], name);
    EXPECT_NE(again.set_cookie.find(visitor), std::string::npos);
}

TEST_F(AccountApiTest, MeShowsEachRatedVariantAndWhetherItIsProvisional) {
    std::string token = session_of(create("kate", "password!").set_cookie);
    auto account = accounts_repository_->find_by_name("kate");
    ASSERT_TRUE(account);
    accounts_repository_->save_rating(account->id, {"chess", 1662.5, 290.25, 0.06, 1});
    accounts_repository_->save_rating(account->id, {"evochess", 1720.5, 80.5, 0.059, 40});
    json ratings = me(token).body["ratings"];
    EXPECT_EQ(ratings["chess"], (json{{"rating", 1662.5},
                                      {"rd", 290.25},
                                      {"volatility", 0.06},
                                      {"games", 1},
                                      {"provisional", true}}));
    EXPECT_EQ(ratings["evochess"]["provisional"], false);
    EXPECT_EQ(ratings["evochess"]["games"], 40);
}

// Issue 47 (H1): a right password costs a hash as a wrong one does, so successful logins are
// counted too, per account (from any address) and per address (to any account).
TEST_F(AccountApiTest, SuccessfulLoginsAreLimitedPerAccount) {
    ASSERT_EQ(create("henry", "password!").status, 201);
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(log_in("henry", "password!", "203.0.113." + std::to_string(i)).status, 200) << i;
    Answer refused = log_in("Henry", "password!", "203.0.113.50");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.retry_after, "900");
    clock_.advance(15 * minute_ms);
    EXPECT_EQ(log_in("henry", "password!", "203.0.113.50").status, 200);
}

TEST_F(AccountApiTest, SuccessfulLoginsAreLimitedPerAddress) {
    for (int i = 0; i < 4; ++i)
        ASSERT_EQ(create("ivy" + std::to_string(i), "password!", "198.51.100." + std::to_string(i))
                      .status,
                  201);
    // At most 8 to each account: under its own limit of 10.
    for (int i = 0; i < 30; ++i)
        EXPECT_EQ(log_in("ivy" + std::to_string(i % 4), "password!", "192.0.2.50").status, 200)
            << i;
    EXPECT_EQ(log_in("ivy0", "password!", "192.0.2.50").status, 429);
    EXPECT_EQ(log_in("ivy0", "password!", "192.0.2.51").status, 200);
}

// Issue 47 (H1): one IPv6 subscriber's /64 is one address to every per-address limit.
TEST_F(AccountApiTest, GuessingFromOneIpv6Slash64IsRefusedThroughoutIt) {
    ASSERT_EQ(create("jack", "the real one").status, 201);
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(log_in("user" + std::to_string(i), "guess", "2001:db8:5:6::" + std::to_string(i))
                      .status,
                  401);
    EXPECT_EQ(log_in("jack", "the real one", "2001:db8:5:6:ffff:1:2:3").status, 429);
    EXPECT_EQ(log_in("jack", "the real one", "2001:db8:5:7::1").status, 200);
}

// Issue 47 (L3): a refused try is told the real wait, not "try again in 1 s".
TEST_F(AccountApiTest, AHeldNameIsToldTheRealWait) {
    ASSERT_EQ(create("lena", "the real one").status, 201);
    // 4 s apart: past each wait but the 8 s after the 8th failure.
    for (int i = 0; i < 8; ++i) {
        if (i > 0) clock_.advance(4 * 1000);
        ASSERT_EQ(log_in("lena", "guess", "203.0.113." + std::to_string(i)).status, 401) << i;
    }
    clock_.advance(1500);
    Answer held = log_in("lena", "the real one", "203.0.113.9");
    EXPECT_EQ(held.status, 429);
    EXPECT_EQ(held.retry_after, "7");
    EXPECT_NE(held.body["error"].get<std::string>().find("try again in 7 seconds"),
              std::string::npos)
        << held.body;
}

// A hasher a test holds: each hash waits until released, so the password threads stay busy
// for as long as the test needs, with no sleep.
class HeldHasher : public PasswordHasher {
  public:
    std::string hash(const std::string& password) override {
        wait_while_held();
        return "held:" + password;
    }
    bool matches(const std::string& password, const std::string& hash) override {
        wait_while_held();
        return hash == "held:" + password;
    }
    void hold() {
        std::lock_guard lock(mutex_);
        held_ = true;
    }
    void release() {
        std::lock_guard lock(mutex_);
        held_ = false;
        changed_.notify_all();
    }
    // Whether `count` hashes are waiting in the hasher (within 10 s).
    bool hashing(int count) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, std::chrono::seconds(10), [&] { return hashing_ >= count; });
    }

  private:
    void wait_while_held() {
        std::unique_lock lock(mutex_);
        ++hashing_;
        changed_.notify_all();
        changed_.wait(lock, [&] { return !held_; });
        --hashing_;
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    bool held_ = false;
    int hashing_ = 0;
};

class PasswordThreadsTest : public AccountApiTest {
  protected:
    void SetUp() override {
        AccountOptions options = cheap_passwords();
        options.hasher = hasher_;
        options.password_threads = 2;
        options.password_queue = 2;
        ServerLimits limits = ApiTestServer::unlimited_rate();
        // One request thread: a login that held it would stall every other request.
        limits.handler_threads = 1;
        start(options, limits);
    }
    void TearDown() override { release_logins(); }

    // Logs "mia" in on a thread and client of its own; the status goes to statuses_[index].
    void log_in_meanwhile(const std::string& address, std::size_t index) {
        logins_.emplace_back([this, address, index] {
            auto client = server_->client();
            httplib::Result result = client->Post(
                "/api/session", {{"X-Forwarded-For", address}},
                json{{"name", "mia"}, {"password", "password!"}}.dump(), "application/json");
            statuses_.at(index) = result ? result->status : -1;
        });
    }
    // Whether `count` hashes wait for a password thread (within 10 s).
    bool waiting(std::size_t count) {
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (accounts_->passwords_waiting() < count) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            std::this_thread::yield();
        }
        return true;
    }
    // Lets the hashes go and waits for every login's answer.
    void release_logins() {
        hasher_->release();
        for (auto& login : logins_) login.join();
        logins_.clear();
    }

    std::shared_ptr<HeldHasher> hasher_ = std::make_shared<HeldHasher>();
    std::vector<std::thread> logins_;
    std::array<std::atomic<int>, 4> statuses_{};
};

TEST_F(PasswordThreadsTest, BeyondTheQueueALoginIs503AndOtherRequestsAreAnswered) {
    ASSERT_EQ(create("mia", "password!").status, 201);
    hasher_->hold();
    for (std::size_t i = 0; i < 2; ++i) log_in_meanwhile("203.0.113." + std::to_string(i + 1), i);
    ASSERT_TRUE(hasher_->hashing(2)); // both password threads busy
    for (std::size_t i = 2; i < 4; ++i) log_in_meanwhile("203.0.113." + std::to_string(i + 1), i);
    ASSERT_TRUE(waiting(2)); // and the queue full

    Answer refused = log_in("mia", "password!", "203.0.113.5");
    EXPECT_EQ(refused.status, 503);
    EXPECT_EQ(refused.retry_after, "1");
    EXPECT_EQ(create("noah", "password!", "203.0.113.6").status, 503);
    // The one request thread is free: another client is answered while the hashes wait.
    Answer visitor = send("GET", "/api/me", nullptr, {{"X-Forwarded-For", "192.0.2.99"}});
    EXPECT_EQ(visitor.status, 200);
    EXPECT_EQ(visitor.body["anonymous"], true);

    release_logins();
    for (auto& status : statuses_) EXPECT_EQ(status, 200);
}

TEST_F(PasswordThreadsTest, OneAddressHasOneHashRunningAndOneWaiting) {
    ASSERT_EQ(create("mia", "password!").status, 201);
    hasher_->hold();
    log_in_meanwhile("2001:db8:9:9::1", 0);
    ASSERT_TRUE(hasher_->hashing(1));
    log_in_meanwhile("2001:db8:9:9::2", 1); // the same /64
    ASSERT_TRUE(waiting(1));
    Answer refused = log_in("mia", "password!", "2001:db8:9:9:ffff::3");
    EXPECT_EQ(refused.status, 429);
    EXPECT_FALSE(refused.retry_after.empty());
    release_logins();
    EXPECT_EQ(statuses_[0], 200);
    EXPECT_EQ(statuses_[1], 200);
}

} // namespace
} // namespace evo::app::testing

namespace evo::app::testing {
namespace {

// Issue 47, L5: the site's own words and what passes for a visitor are no one's name, whatever
// their case or separators.
TEST_F(AccountApiTest, ReservedNamesAreRefused) {
    for (const char* name : {"admin", "ADMIN", "Site_Admin", "Administrator", "moderator_7",
                             "Anonymous_4F2A", "anonymous", "root", "evochess", "Lichess"}) {
        Answer refused = create(name, "a long enough password");
        EXPECT_EQ(refused.status, 409) << name << ": " << refused.body.dump();
        EXPECT_NE(refused.body.value("error", "").find("reserved"), std::string::npos) << name;
    }
    EXPECT_EQ(create("alice_admires", "a long enough password").status, 201);
}

// Issue 47, L5: a taken name spent one of the address's five sign-ups (and a hash).
TEST_F(AccountApiTest, ATakenNameSpendsNoSignUp) {
    ASSERT_EQ(create("alice", "a long enough password", "203.0.113.9").status, 201);
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(create("ALICE", "another password here", "198.51.100.7").status, 409);
    for (int i = 0; i < 5; ++i) {
        Answer made =
            create("player" + std::to_string(i), "a long enough password", "198.51.100.7");
        EXPECT_EQ(made.status, 201) << i << ": " << made.body.dump();
    }
    EXPECT_EQ(create("player5", "a long enough password", "198.51.100.7").status, 429);
}

} // namespace
} // namespace evo::app::testing
