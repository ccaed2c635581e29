// One test suite for every AccountRepository, on SQLite and PostgreSQL alike: names unique
// without regard to case (even when two create at once), sessions found by digest, expired,
// ended one by one or all together, ratings written and replaced per variant.
#include "app/storage/postgres/account_repository.h"
#include "app/storage/sqlite/account_repository.h"
#include "postgres_test_server.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>
#include <unistd.h>

namespace evo::app::testing {
namespace {

namespace fs = std::filesystem;

class SqliteAccounts {
  public:
    SqliteAccounts() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() / ("evochess-accounts-test-" + std::to_string(::getpid()) +
                                         "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteAccounts() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<AccountRepository> open() {
        return std::make_unique<SqliteAccountRepository>((directory_ / "games.sqlite3").string());
    }

  private:
    fs::path directory_;
};

class PostgresAccounts {
  public:
    PostgresAccounts() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<AccountRepository> open() {
        return std::make_unique<PostgresAccountRepository>(
            PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class AccountRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<AccountRepository> open() { return storage_.open(); }
    static AccountRecord account(const std::string& name) {
        return {0, name, "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA", 1'800'000'000'000};
    }
    Storage storage_;
};

using Storages = ::testing::Types<SqliteAccounts, PostgresAccounts>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteAccounts> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(AccountRepositoryContract, Storages, StorageNames);

TYPED_TEST(AccountRepositoryContract, AnAccountReadsBackByItsNameInAnyCase) {
    AccountRecord created = this->account("Magnus_99");
    ASSERT_TRUE(this->open()->create(created));
    EXPECT_GT(created.id, 0);
    auto found = this->open()->find_by_name("mAGNUS_99");
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, created.id);
    EXPECT_EQ(found->name, "Magnus_99");
    EXPECT_EQ(found->password_hash, created.password_hash);
    EXPECT_EQ(found->created_ms, created.created_ms);
    EXPECT_FALSE(this->open()->find_by_name("Magnus_9"));
}

TYPED_TEST(AccountRepositoryContract, ANameIsTakenWhateverItsCase) {
    auto store = this->open();
    AccountRecord first = this->account("alice");
    ASSERT_TRUE(store->create(first));
    AccountRecord second = this->account("ALICE");
    EXPECT_FALSE(store->create(second));
    EXPECT_EQ(store->find_by_name("Alice")->name, "alice");
}

// PostgreSQL's text ends at a NUL: "alice\0x" must not find alice (issue 47, H3).
TYPED_TEST(AccountRepositoryContract, ANameWithANulFindsNobody) {
    auto store = this->open();
    AccountRecord alice = this->account("alice");
    ASSERT_TRUE(store->create(alice));
    EXPECT_FALSE(store->find_by_name(std::string("alice\0x", 7)));
    EXPECT_FALSE(store->find_by_name(std::string("alice\0", 6)));
    EXPECT_TRUE(store->find_by_name("alice"));
}

TYPED_TEST(AccountRepositoryContract, OfTwoCreatingOneNameAtOnceExactlyOneHasIt) {
    auto one = this->open();
    auto other = this->open();
    std::atomic<int> created{0};
    std::thread racer([&] {
        AccountRecord record = this->account("racer");
        created += other->create(record) ? 1 : 0;
    });
    AccountRecord record = this->account("Racer");
    created += one->create(record) ? 1 : 0;
    racer.join();
    EXPECT_EQ(created, 1);
}

// Issue 45: API tokens are kept by digest with their scopes, found with their account from any
// connection (another process), and revoked at once; only the owner revokes theirs.
TYPED_TEST(AccountRepositoryContract, ApiTokensAreFoundByDigestWithTheirScopesUntilRevoked) {
    auto store = this->open();
    AccountRecord dana = this->account("dana");
    AccountRecord erin = this->account("erin");
    ASSERT_TRUE(store->create(dana));
    ASSERT_TRUE(store->create(erin));
    ApiTokenRecord token{0,  dana.id,     "digest-1", "my bot", {"bot:play", "challenge:read"},
                         42, std::nullopt};
    store->add_api_token(token);
    EXPECT_GT(token.id, 0);

    auto elsewhere = this->open();
    auto owner = elsewhere->api_token_owner("digest-1");
    ASSERT_TRUE(owner);
    EXPECT_EQ(owner->account.name, "dana");
    EXPECT_FALSE(owner->account.bot);
    EXPECT_EQ(owner->token.scopes, (std::vector<std::string>{"bot:play", "challenge:read"}));
    EXPECT_EQ(owner->token.description, "my bot");
    EXPECT_FALSE(elsewhere->api_token_owner("digest-2"));
    ASSERT_EQ(elsewhere->api_tokens_of(dana.id).size(), 1u);
    EXPECT_TRUE(elsewhere->api_tokens_of(erin.id).empty());

    EXPECT_FALSE(elsewhere->api_tokens_of(dana.id)[0].last_used_ms) << "never used yet";

    // Issue 45: its last use is kept, written at most once a minute.
    elsewhere->note_api_token_use(token.id, 1'000'000);
    EXPECT_EQ(store->api_token_owner("digest-1")->token.last_used_ms, 1'000'000);
    elsewhere->note_api_token_use(token.id, 1'000'000 + api_token_use_step_ms - 1);
    EXPECT_EQ(store->api_tokens_of(dana.id)[0].last_used_ms, 1'000'000) << "within the step";
    elsewhere->note_api_token_use(token.id, 1'000'000 + api_token_use_step_ms);
    EXPECT_EQ(store->api_tokens_of(dana.id)[0].last_used_ms, 1'000'000 + api_token_use_step_ms);

    EXPECT_FALSE(elsewhere->remove_api_token(erin.id, token.id)); // not erin's
    EXPECT_TRUE(elsewhere->remove_api_token(dana.id, token.id));
    EXPECT_FALSE(store->api_token_owner("digest-1"));
}

TYPED_TEST(AccountRepositoryContract, ABotAccountStaysABot) {
    auto store = this->open();
    AccountRecord bot = this->account("robot");
    ASSERT_TRUE(store->create(bot));
    EXPECT_FALSE(store->find_by_name("robot")->bot);
    EXPECT_TRUE(store->make_bot(bot.id));
    EXPECT_TRUE(this->open()->find_by_name("ROBOT")->bot);
    EXPECT_FALSE(store->make_bot(bot.id + 1000));
}

TYPED_TEST(AccountRepositoryContract, SessionsAreFoundByDigestUntilTheyEndOrExpire) {
    auto store = this->open();
    AccountRecord bob = this->account("bob");
    AccountRecord carol = this->account("carol");
    ASSERT_TRUE(store->create(bob));
    ASSERT_TRUE(store->create(carol));
    store->add_session(bob.id, "digest-phone", 1000);
    store->add_session(bob.id, "digest-laptop", 2000);
    store->add_session(carol.id, "digest-carol", 2000);
    EXPECT_EQ(store->account_of_session("digest-phone", 0)->name, "bob");
    EXPECT_FALSE(store->account_of_session("digest-phone", 1001)); // began before the cut-off
    EXPECT_FALSE(store->account_of_session("digest-unknown", 0));

    EXPECT_TRUE(this->open()->remove_session("digest-phone"));
    EXPECT_FALSE(store->remove_session("digest-phone"));
    EXPECT_FALSE(store->account_of_session("digest-phone", 0));
    EXPECT_EQ(store->account_of_session("digest-laptop", 0)->id, bob.id);

    store->add_session(bob.id, "digest-tablet", 3000);
    EXPECT_EQ(store->remove_sessions_of(bob.id), 2);
    EXPECT_FALSE(store->account_of_session("digest-laptop", 0));
    EXPECT_FALSE(store->account_of_session("digest-tablet", 0));
    EXPECT_EQ(store->account_of_session("digest-carol", 0)->name, "carol"); // not hers
}

TYPED_TEST(AccountRepositoryContract, ExpiredSessionsOfOneAccountAreRemoved) {
    auto store = this->open();
    AccountRecord erin = this->account("erin");
    AccountRecord frank = this->account("frank");
    ASSERT_TRUE(store->create(erin));
    ASSERT_TRUE(store->create(frank));
    store->add_session(erin.id, "digest-old", 1000);
    store->add_session(erin.id, "digest-new", 5000);
    store->add_session(frank.id, "digest-frank-old", 1000);
    EXPECT_EQ(store->remove_expired_sessions_of(erin.id, 5000), 1);
    EXPECT_FALSE(store->account_of_session("digest-old", 0));
    EXPECT_EQ(store->account_of_session("digest-new", 0)->name, "erin");
    EXPECT_EQ(store->account_of_session("digest-frank-old", 0)->name, "frank"); // not his
    EXPECT_EQ(store->remove_expired_sessions_of(erin.id, 5000), 0);
}

// Issue 47 (L2): an account keeps at most so many sessions, its oldest ended first and the
// one just opened never, even when every session began in the same millisecond.
TYPED_TEST(AccountRepositoryContract, SessionsBeyondTheBoundEndOldestFirst) {
    auto store = this->open();
    AccountRecord gina = this->account("gina");
    AccountRecord hugo = this->account("hugo");
    ASSERT_TRUE(store->create(gina));
    ASSERT_TRUE(store->create(hugo));
    for (int i = 0; i < 5; ++i)
        store->add_session(gina.id, "digest-" + std::to_string(i), 1000 + i);
    store->add_session(hugo.id, "digest-hugo", 500);
    EXPECT_EQ(store->remove_sessions_beyond(gina.id, "digest-4", 3), 2);
    EXPECT_FALSE(store->account_of_session("digest-0", 0));
    EXPECT_FALSE(store->account_of_session("digest-1", 0));
    for (std::string kept : {"digest-2", "digest-3", "digest-4"})
        EXPECT_EQ(store->account_of_session(kept, 0)->name, "gina") << kept;
    EXPECT_EQ(store->account_of_session("digest-hugo", 0)->name, "hugo"); // not his
    EXPECT_EQ(store->remove_sessions_beyond(gina.id, "digest-4", 3), 0);

    // The same millisecond: the new one stays whatever its digest.
    store->add_session(gina.id, "digest-a-new", 1004);
    EXPECT_EQ(store->remove_sessions_beyond(gina.id, "digest-a-new", 3), 1);
    EXPECT_EQ(store->account_of_session("digest-a-new", 0)->name, "gina");
    EXPECT_FALSE(store->account_of_session("digest-2", 0));
}

// Issue 47 (M4): the devices and the last address an account's logins came from.
TYPED_TEST(AccountRepositoryContract, AnAccountKnowsItsLastDevicesAndOnlyItsLastAddress) {
    auto store = this->open();
    AccountRecord fay = this->account("fay");
    AccountRecord gus = this->account("gus");
    ASSERT_TRUE(store->create(fay));
    ASSERT_TRUE(store->create(gus));
    EXPECT_FALSE(store->is_known_login_place(fay.id, std::string("phone"), "home"));
    store->note_login_place(fay.id, std::string("phone"), "home", 1);
    store->note_login_place(fay.id, std::nullopt, "work", 2);
    auto elsewhere = this->open();
    EXPECT_TRUE(elsewhere->is_known_login_place(fay.id, std::string("phone"), "cafe"));
    EXPECT_TRUE(elsewhere->is_known_login_place(fay.id, std::nullopt, "work"));
    EXPECT_FALSE(elsewhere->is_known_login_place(fay.id, std::nullopt, "home")) << "not the last";
    EXPECT_FALSE(elsewhere->is_known_login_place(fay.id, std::string("laptop"), "cafe"));
    EXPECT_FALSE(elsewhere->is_known_login_place(gus.id, std::string("phone"), "work"));
    EXPECT_FALSE(elsewhere->is_known_login_place(fay.id, std::string(""), "cafe"));
    // The newest known_devices_per_account devices are kept: "phone" (seen at 1) goes first.
    for (int i = 0; i < known_devices_per_account; ++i)
        store->note_login_place(fay.id, "device" + std::to_string(i), "work", 10 + i);
    EXPECT_FALSE(elsewhere->is_known_login_place(fay.id, std::string("phone"), "cafe"));
    EXPECT_TRUE(elsewhere->is_known_login_place(fay.id, std::string("device0"), "cafe"));
    // Seen again, a device is new again.
    store->note_login_place(fay.id, std::string("device0"), "work", 100);
    store->note_login_place(fay.id, std::string("tablet"), "work", 101);
    EXPECT_TRUE(elsewhere->is_known_login_place(fay.id, std::string("device0"), "cafe"));
    EXPECT_FALSE(elsewhere->is_known_login_place(fay.id, std::string("device1"), "cafe"));
}

TYPED_TEST(AccountRepositoryContract, RatingsAreKeptPerVariantInFullPrecision) {
    auto store = this->open();
    AccountRecord dave = this->account("dave");
    ASSERT_TRUE(store->create(dave));
    EXPECT_TRUE(store->ratings_of(dave.id).empty());
    store->save_rating(dave.id, {"evochess", 1464.0507319985, 151.51651, 0.0599959842864885, 3});
    store->save_rating(dave.id, {"chess", 1500, 350, 0.06, 0});
    store->save_rating(dave.id, {"chess", 1662.3108939062, 290.31896, 0.0599993, 1});
    auto ratings = this->open()->ratings_of(dave.id);
    ASSERT_EQ(ratings.size(), 2u);
    EXPECT_EQ(ratings[0].variant, "chess");
    EXPECT_EQ(ratings[0].rating, 1662.3108939062);
    EXPECT_EQ(ratings[0].games, 1);
    EXPECT_EQ(ratings[1].variant, "evochess");
    EXPECT_EQ(ratings[1].rating, 1464.0507319985);
    EXPECT_EQ(ratings[1].rd, 151.51651);
    EXPECT_EQ(ratings[1].volatility, 0.0599959842864885);
    EXPECT_EQ(ratings[1].games, 3);
}

} // namespace
} // namespace evo::app::testing

namespace evo::app::testing {
namespace {

// Issue 47, L4: a puzzle solved 30 times moved the rating 30 times, and 40 attempts at once
// counted 29. Only the first attempt per account and puzzle counts, noted and rated in one
// step.
template <class Storage> class PuzzleAttemptContract : public AccountRepositoryContract<Storage> {};
TYPED_TEST_SUITE(PuzzleAttemptContract, Storages, StorageNames);

// One more attempt, solved, on the rating given (the initial one before any).
StoredRating one_more(const std::optional<StoredRating>& current, std::int64_t now_ms) {
    StoredRating next = current.value_or(StoredRating{"", 1500, 350, 0.06, 0, 0, 0, 0, 0});
    next.rating += 10;
    ++next.games;
    ++next.wins;
    next.last_played_ms = now_ms;
    return next;
}

TYPED_TEST(PuzzleAttemptContract, OnlyTheFirstAttemptAtAPuzzleCounts) {
    auto accounts = this->open();
    AccountRecord solver = this->account("solver");
    ASSERT_TRUE(accounts->create(solver));
    auto rate = [](const std::optional<StoredRating>& current) { return one_more(current, 5); };
    auto first = accounts->count_first_puzzle_attempt(solver.id, "p1", "chess", 5, rate);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->games, 1);
    EXPECT_DOUBLE_EQ(first->rating, 1510);
    EXPECT_EQ(first->variant, "chess");
    for (int again = 0; again < 3; ++again)
        EXPECT_FALSE(accounts->count_first_puzzle_attempt(solver.id, "p1", "chess", 6, rate));
    auto stored = this->open()->puzzle_rating_of(solver.id, "chess");
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->games, 1);
    EXPECT_DOUBLE_EQ(stored->rating, 1510);
    // Another puzzle counts, and so does the same puzzle for another account.
    EXPECT_EQ(accounts->count_first_puzzle_attempt(solver.id, "p2", "chess", 7, rate)->games, 2);
    AccountRecord other = this->account("other");
    ASSERT_TRUE(accounts->create(other));
    EXPECT_EQ(accounts->count_first_puzzle_attempt(other.id, "p1", "chess", 8, rate)->games, 1);
}

TYPED_TEST(PuzzleAttemptContract, AttemptsAtOnceEachCountOnce) {
    AccountRecord solver = this->account("solver");
    ASSERT_TRUE(this->open()->create(solver));
    constexpr int threads = 8, puzzles = 5;
    std::vector<std::unique_ptr<AccountRepository>> repositories;
    for (int t = 0; t < threads; ++t) repositories.push_back(this->open());
    std::atomic<int> counted{0};
    std::vector<std::thread> workers;
    // Each thread tries every puzzle: each puzzle counts once, and no count is lost.
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            for (int p = 0; p < puzzles; ++p) {
                // Built by +=: "p" + std::to_string(p) trips GCC 12's -Wrestrict (a false alarm).
                std::string puzzle = "p";
                puzzle += std::to_string(p);
                if (repositories[std::size_t(t)]->count_first_puzzle_attempt(
                        solver.id, puzzle, "chess", 9,
                        [](const std::optional<StoredRating>& c) { return one_more(c, 9); }))
                    ++counted;
            }
        });
    for (auto& worker : workers) worker.join();
    EXPECT_EQ(counted, puzzles);
    auto stored = this->open()->puzzle_rating_of(solver.id, "chess");
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->games, puzzles);
    EXPECT_DOUBLE_EQ(stored->rating, 1500 + 10 * puzzles);
}

} // namespace
} // namespace evo::app::testing
