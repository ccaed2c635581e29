// One test suite for every SeekRepository, on SQLite and PostgreSQL alike: a seek reads back,
// is listed while open, is cancelled only by its maker, and is taken exactly once, even by
// many takers at once through their own connections (two server processes); the seeks of
// makers not seen for a while are removed once. And one for every ChallengeRepository: a
// challenge reads back, is listed for both its players while open, and is closed once.
#include "app/storage/postgres/challenge_repository.h"
#include "app/storage/postgres/game_repository.h"
#include "app/storage/postgres/seek_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/game_repository.h"
#include "app/storage/sqlite/seek_repository.h"
#include "postgres_test_server.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>
#include <unistd.h>

namespace evo::app::testing {
namespace {

namespace fs = std::filesystem;

// An online game made for a pairing (GameRecord::made_for), with `moves` played.
GameRecord game_made_for(const std::string& made_for, std::vector<std::string> moves = {}) {
    GameRecord record;
    record.variant = "chess";
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.online = true;
    record.made_for = made_for;
    record.moves_uci = std::move(moves);
    return record;
}

class SqliteSeeks {
  public:
    SqliteSeeks() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() /
            ("evochess-seeks-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteSeeks() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<SeekRepository> open() {
        return std::make_unique<SqliteSeekRepository>((directory_ / "games.sqlite3").string());
    }
    std::unique_ptr<ChallengeRepository> open_challenges() {
        return std::make_unique<SqliteChallengeRepository>((directory_ / "games.sqlite3").string());
    }
    std::unique_ptr<GameRepository> open_games() {
        return std::make_unique<SqliteGameRepository>((directory_ / "games.sqlite3").string());
    }

  private:
    fs::path directory_;
};

class PostgresSeeks {
  public:
    PostgresSeeks() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<SeekRepository> open() {
        return std::make_unique<PostgresSeekRepository>(PostgresTestServer::instance().conninfo());
    }
    std::unique_ptr<ChallengeRepository> open_challenges() {
        return std::make_unique<PostgresChallengeRepository>(
            PostgresTestServer::instance().conninfo());
    }
    std::unique_ptr<GameRepository> open_games() {
        return std::make_unique<PostgresGameRepository>(PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class SeekRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<SeekRepository> open() { return storage_.open(); }
    static SeekRecord seek(const std::string& owner) {
        SeekRecord record;
        record.owner = owner;
        record.owner_name = "Anonymous 4F2A";
        static_cast<GameOffer&>(record) =
            GameOffer{"evochess", 180000, 2000, {}, true, ColourChoice::White, ""};
        record.created_ms = 1'800'000'000'000;
        return record;
    }
    Storage storage_;
};

using Storages = ::testing::Types<SqliteSeeks, PostgresSeeks>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteSeeks> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(SeekRepositoryContract, Storages, StorageNames);

TYPED_TEST(SeekRepositoryContract, ASeekReadsBackAndIsListedWhileOpen) {
    auto store = this->open();
    SeekRecord made = this->seek("visitor:a");
    store->insert(made);
    EXPECT_GT(made.id, 0);
    auto found = this->open()->find(made.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->owner, "visitor:a");
    EXPECT_EQ(found->owner_name, "Anonymous 4F2A");
    EXPECT_EQ(found->clock_initial_ms, 180000);
    EXPECT_EQ(found->clock_increment_ms, 2000);
    EXPECT_FALSE(found->clock_days);
    EXPECT_TRUE(found->rated);
    EXPECT_EQ(found->colour, ColourChoice::White);
    EXPECT_EQ(found->taken_by, "");
    EXPECT_EQ(store->open_seeks().size(), 1u);
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 1);

    EXPECT_TRUE(store->take(made.id, "account:2", made.created_ms + 1));
    EXPECT_FALSE(store->take(made.id, "account:3", made.created_ms + 2)); // a second accept: 409
    EXPECT_FALSE(store->set_game(made.id, "account:3", 76, "maker-seat", "taker-seat"));
    EXPECT_TRUE(store->set_game(made.id, "account:2", 77, "maker-seat", "taker-seat"));
    EXPECT_EQ(store->find(made.id)->taken_ms, made.created_ms + 1);
    EXPECT_EQ(store->find(made.id)->game_id, 77);
    EXPECT_EQ(store->find(made.id)->maker_token, "maker-seat");
    EXPECT_EQ(store->find(made.id)->taker_token, "taker-seat");
    EXPECT_EQ(store->find(made.id)->taken_by, "account:2");
    EXPECT_TRUE(store->open_seeks().empty());
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 0);
}

TYPED_TEST(SeekRepositoryContract, OnlyItsMakerCancelsAnOpenSeek) {
    auto store = this->open();
    SeekRecord made = this->seek("visitor:a");
    store->insert(made);
    EXPECT_FALSE(store->remove(made.id, "visitor:b"));
    EXPECT_TRUE(store->remove(made.id, "visitor:a"));
    EXPECT_FALSE(store->find(made.id));
    EXPECT_FALSE(store->take(made.id, "visitor:b", made.created_ms));
}

TYPED_TEST(SeekRepositoryContract, ASeekTakenWhoseGameWasNeverNotedIsReopenedOnce) {
    auto store = this->open();
    SeekRecord stalled = this->seek("visitor:a");
    SeekRecord paired = this->seek("visitor:a");
    SeekRecord recent = this->seek("visitor:a");
    store->insert(stalled);
    store->insert(paired);
    store->insert(recent);
    std::int64_t t = stalled.created_ms;
    ASSERT_TRUE(store->take(stalled.id, "visitor:b", t)); // its taker's process then died
    ASSERT_TRUE(store->take(paired.id, "visitor:c", t));
    ASSERT_TRUE(store->set_game(paired.id, "visitor:c", 77, "maker-seat", "taker-seat"));
    ASSERT_TRUE(store->take(recent.id, "visitor:d", t + 20'000)); // still pairing
    EXPECT_EQ(store->reopen_stalled(t + 10'000), std::vector<std::int64_t>{stalled.id});
    EXPECT_TRUE(this->open()->reopen_stalled(t + 10'000).empty());
    EXPECT_EQ(store->find(stalled.id)->taken_by, "");
    EXPECT_EQ(store->open_seeks().size(), 1u);
    // The dead taker's game, were it noted late, no longer belongs to the seek.
    EXPECT_FALSE(store->set_game(stalled.id, "visitor:b", 78, "maker-seat", "taker-seat"));
    EXPECT_TRUE(store->take(stalled.id, "visitor:e", t + 11'000));
}

// No half-made pairing: the game made by a taker that died before noting it goes with the
// seek's reopening, and one noted too late goes when its note is refused; other games stay.
TYPED_TEST(SeekRepositoryContract, TheUntoldGameOfAReopenedSeekIsRemoved) {
    auto store = this->open();
    auto games = this->storage_.open_games();
    SeekRecord stalled = this->seek("visitor:a");
    SeekRecord other = this->seek("visitor:a");
    store->insert(stalled);
    store->insert(other);
    const std::string made_for = "seek:" + std::to_string(stalled.id);
    GameRecord untold = game_made_for(made_for);
    GameRecord played = game_made_for(made_for, {"e2e4"}); // somebody found it and moved
    GameRecord elsewhere = game_made_for("seek:" + std::to_string(other.id));
    GameRecord unpaired = game_made_for("");
    for (GameRecord* game : {&untold, &played, &elsewhere, &unpaired}) games->insert(*game);
    std::int64_t t = stalled.created_ms;
    ASSERT_TRUE(store->take(stalled.id, "visitor:b", t));
    EXPECT_EQ(store->reopen_stalled(t + 10'000), std::vector<std::int64_t>{stalled.id});
    EXPECT_FALSE(games->load(untold.id));
    EXPECT_TRUE(games->load(played.id));
    EXPECT_TRUE(games->load(elsewhere.id));
    EXPECT_TRUE(games->load(unpaired.id));

    // Taken again by a taker too slow to note its game before the seek was reopened again.
    ASSERT_TRUE(store->take(stalled.id, "visitor:c", t + 11'000));
    GameRecord late = game_made_for(made_for);
    games->insert(late);
    EXPECT_EQ(store->reopen_stalled(t + 30'000), std::vector<std::int64_t>{stalled.id});
    GameRecord later = game_made_for(made_for);
    games->insert(later);
    EXPECT_FALSE(store->set_game(stalled.id, "visitor:c", later.id, "maker", "taker"));
    EXPECT_FALSE(games->load(later.id));
    // A note in time keeps its game.
    ASSERT_TRUE(store->take(stalled.id, "visitor:d", t + 31'000));
    GameRecord kept = game_made_for(made_for);
    games->insert(kept);
    EXPECT_TRUE(store->set_game(stalled.id, "visitor:d", kept.id, "maker", "taker"));
    EXPECT_TRUE(games->load(kept.id));
}

TYPED_TEST(SeekRepositoryContract, ARatingRangeReadsBack) {
    auto store = this->open();
    SeekRecord ranged = this->seek("visitor:a");
    ranged.rating_min = 1400;
    ranged.rating_max = 1800;
    SeekRecord open = this->seek("visitor:a");
    store->insert(ranged);
    store->insert(open);
    EXPECT_EQ(store->find(ranged.id)->rating_min, 1400);
    EXPECT_EQ(store->find(ranged.id)->rating_max, 1800);
    EXPECT_FALSE(store->find(open.id)->rating_min);
    EXPECT_FALSE(store->find(open.id)->rating_max);
}

TYPED_TEST(SeekRepositoryContract, SeeksOfMakersNotSeenSinceAreRemovedOnce) {
    auto store = this->open();
    SeekRecord gone = this->seek("visitor:a"); // made at created_ms, not seen since
    SeekRecord kept = this->seek("visitor:b");
    SeekRecord taken = this->seek("visitor:a");
    store->insert(gone);
    store->insert(kept);
    store->insert(taken);
    EXPECT_EQ(store->find(gone.id)->maker_seen_ms, gone.created_ms);
    ASSERT_TRUE(store->take(taken.id, "visitor:c", gone.created_ms));
    std::int64_t later = gone.created_ms + 30'000;
    store->mark_seen({"visitor:b", "visitor:nobody"}, later);
    EXPECT_EQ(store->find(kept.id)->maker_seen_ms, later);

    // Another process sweeping a moment later finds nothing more to remove.
    EXPECT_EQ(store->remove_unseen(later - 20'000), std::vector<std::int64_t>{gone.id});
    EXPECT_TRUE(this->open()->remove_unseen(later - 20'000).empty());
    EXPECT_FALSE(store->find(gone.id));
    EXPECT_TRUE(store->find(kept.id));
    EXPECT_TRUE(store->find(taken.id)); // a taken seek made a game: it stays
}

TYPED_TEST(SeekRepositoryContract, ManyTakersAtOnceTakeASeekOnce) {
    SeekRecord made = this->seek("visitor:a");
    this->open()->insert(made);
    constexpr int takers = 6;
    std::vector<std::unique_ptr<SeekRepository>> connections;
    for (int i = 0; i < takers; ++i) connections.push_back(this->open());
    std::atomic<int> won{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < takers; ++i)
        threads.emplace_back([&, i] {
            if (connections[std::size_t(i)]->take(made.id, "taker:" + std::to_string(i), 1)) ++won;
        });
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(won.load(), 1);
}

// Auto pairing's entries (docs/api.md "Auto pairing"): seeks stored together as one group.
TYPED_TEST(SeekRepositoryContract, AnEntrysSeeksShareOneGroupAndCountAsOneSeek) {
    auto store = this->open();
    std::vector<SeekRecord> entry = {this->seek("visitor:a"), this->seek("visitor:a"),
                                     this->seek("visitor:a")};
    entry[1].variant = "chess";
    entry[2].clock_initial_ms = 600000;
    store->insert_group(entry);
    SeekRecord plain = this->seek("visitor:a");
    store->insert(plain);
    for (const SeekRecord& seek : entry) {
        EXPECT_EQ(seek.auto_group, entry[0].id);
        EXPECT_EQ(this->open()->find(seek.id)->auto_group, entry[0].id);
    }
    EXPECT_EQ(store->find(entry[1].id)->variant, "chess");
    EXPECT_FALSE(store->find(plain.id)->auto_group);
    EXPECT_EQ(store->open_seeks().size(), 4u);
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 2); // the entry and the seek on its own

    EXPECT_TRUE(store->remove_group(entry[0].id, "visitor:b").empty());
    auto removed = store->remove_group(entry[0].id, "visitor:a");
    std::sort(removed.begin(), removed.end());
    EXPECT_EQ(removed, (std::vector<std::int64_t>{entry[0].id, entry[1].id, entry[2].id}));
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 1);
}

TYPED_TEST(SeekRepositoryContract, TakingOneSeekOfAnEntryWithdrawsTheOthersInTheSameStep) {
    auto store = this->open();
    std::vector<SeekRecord> entry = {this->seek("visitor:a"), this->seek("visitor:a"),
                                     this->seek("visitor:a")};
    store->insert_group(entry);
    SeekRecord other = this->seek("visitor:c");
    store->insert(other);
    auto withdrawn = store->take(entry[1].id, "visitor:b", 5);
    ASSERT_TRUE(withdrawn);
    std::sort(withdrawn->begin(), withdrawn->end());
    EXPECT_EQ(*withdrawn, (std::vector<std::int64_t>{entry[0].id, entry[2].id}));
    EXPECT_FALSE(store->find(entry[0].id));
    EXPECT_EQ(store->find(entry[1].id)->taken_by, "visitor:b");
    EXPECT_FALSE(this->open()->take(entry[2].id, "visitor:d", 6));
    EXPECT_EQ(store->open_seeks().size(), 1u); // another player's seek is left alone
    EXPECT_EQ(store->take(other.id, "visitor:d", 7), std::vector<std::int64_t>{});
}

TYPED_TEST(SeekRepositoryContract, ATakerWaitingWithAnEntryTakesOnlyWhileItIsOpen) {
    auto store = this->open();
    std::vector<SeekRecord> mine = {this->seek("visitor:b"), this->seek("visitor:b")};
    store->insert_group(mine);
    SeekRecord first = this->seek("visitor:a");
    SeekRecord second = this->seek("visitor:c");
    store->insert(first);
    store->insert(second);
    auto withdrawn = store->take_and_withdraw(first.id, "visitor:b", 5, mine[0].id);
    ASSERT_TRUE(withdrawn);
    std::sort(withdrawn->begin(), withdrawn->end());
    EXPECT_EQ(*withdrawn, (std::vector<std::int64_t>{mine[0].id, mine[1].id}));
    // Paired already: their entry has no open seek, so no second game.
    EXPECT_FALSE(store->take_and_withdraw(second.id, "visitor:b", 6, mine[0].id));
    EXPECT_EQ(store->find(second.id)->taken_by, "");
}

TYPED_TEST(SeekRepositoryContract, RacingTakesOfOneEntryOrOfTwoEntriesPairOnce) {
    for (int round = 0; round < 5; ++round) {
        // Each taker takes a different seek of one entry: one wins.
        std::vector<SeekRecord> entry(4, this->seek("visitor:a"));
        this->open()->insert_group(entry);
        // Each of two entries' players takes a seek of the other's: one pairing, not two.
        std::vector<SeekRecord> b(2, this->seek("visitor:b")), c(2, this->seek("visitor:c"));
        this->open()->insert_group(b);
        this->open()->insert_group(c);
        std::vector<std::unique_ptr<SeekRepository>> connections;
        for (int i = 0; i < 6; ++i) connections.push_back(this->open());
        std::atomic<int> entry_won{0}, pairings{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 4; ++i)
            threads.emplace_back([&, i] {
                if (connections[std::size_t(i)]->take(entry[std::size_t(i)].id,
                                                      "taker:" + std::to_string(i), 1))
                    ++entry_won;
            });
        threads.emplace_back([&] {
            if (connections[4]->take_and_withdraw(c[1].id, "visitor:b", 1, b[0].id)) ++pairings;
        });
        threads.emplace_back([&] {
            if (connections[5]->take_and_withdraw(b[1].id, "visitor:c", 1, c[0].id)) ++pairings;
        });
        for (std::thread& thread : threads) thread.join();
        EXPECT_EQ(entry_won.load(), 1);
        EXPECT_EQ(pairings.load(), 1);
        EXPECT_TRUE(this->open()->open_seeks().empty());
    }
}

template <class Storage> class ChallengeRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<ChallengeRepository> open() { return storage_.open_challenges(); }
    static ChallengeRecord challenge(const std::string& from, const std::string& to) {
        ChallengeRecord record;
        record.from = from;
        record.from_name = "Anonymous 4F2A";
        record.to = to;
        record.to_name = "bob_1";
        static_cast<GameOffer&>(record) =
            GameOffer{"evochess", {}, {}, 3, false, ColourChoice::Black, ""};
        record.created_ms = 1'800'000'000'000;
        return record;
    }
    Storage storage_;
};

TYPED_TEST_SUITE(ChallengeRepositoryContract, Storages, StorageNames);

// lichess's `fen`: the position a challenge's game starts from is kept as given.
TYPED_TEST(ChallengeRepositoryContract, AChallengeKeepsThePositionItsGameStartsFrom) {
    auto store = this->open();
    ChallengeRecord made = this->challenge("account:1", "account:2");
    made.fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,1,0/0,0,0,0";
    store->insert(made);
    auto found = this->open()->find(made.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->fen, made.fen);
    ASSERT_EQ(store->open_of("account:2").size(), 1u);
    EXPECT_EQ(store->open_of("account:2")[0].fen, made.fen);
}

TYPED_TEST(ChallengeRepositoryContract, AChallengeIsListedForBothPlayersUntilClosedOnce) {
    auto store = this->open();
    ChallengeRecord made = this->challenge("visitor:a", "account:2");
    store->insert(made);
    auto found = store->find(made.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->from, "visitor:a");
    EXPECT_EQ(found->to_name, "bob_1");
    EXPECT_EQ(found->clock_days, 3);
    EXPECT_FALSE(found->clock_initial_ms);
    EXPECT_FALSE(found->rated);
    EXPECT_EQ(found->colour, ColourChoice::Black);
    EXPECT_EQ(found->fen, "");
    EXPECT_EQ(found->closed, "");
    EXPECT_EQ(store->open_of("visitor:a").size(), 1u);
    EXPECT_EQ(store->open_of("account:2").size(), 1u);
    EXPECT_TRUE(store->open_of("account:3").empty());
    EXPECT_EQ(store->open_from("visitor:a"), 1);
    EXPECT_EQ(store->open_from("account:2"), 0);

    EXPECT_TRUE(store->close(made.id, "accepted", made.created_ms));
    EXPECT_FALSE(this->open()->close(made.id, "cancelled", made.created_ms)); // too late
    EXPECT_TRUE(store->set_game(made.id, 77, "from-seat", "to-seat"));
    found = store->find(made.id);
    EXPECT_EQ(found->closed, "accepted");
    EXPECT_EQ(found->game_id, 77);
    EXPECT_EQ(found->from_token, "from-seat");
    EXPECT_EQ(found->to_token, "to-seat");
    EXPECT_TRUE(store->open_of("visitor:a").empty());
    EXPECT_EQ(store->open_from("visitor:a"), 0);
}

TYPED_TEST(ChallengeRepositoryContract, AnAcceptedChallengeWhoseGameWasNeverNotedIsReopened) {
    auto store = this->open();
    ChallengeRecord stalled = this->challenge("visitor:a", "account:2");
    ChallengeRecord declined = this->challenge("visitor:a", "account:2");
    store->insert(stalled);
    store->insert(declined);
    std::int64_t t = stalled.created_ms;
    ASSERT_TRUE(store->close(stalled.id, "accepted", t)); // the accepting process then died
    ASSERT_TRUE(store->close(declined.id, "declined", t));
    EXPECT_TRUE(store->reopen_stalled(t).empty()); // not stalled yet
    EXPECT_EQ(store->reopen_stalled(t + 10'000), std::vector<std::int64_t>{stalled.id});
    EXPECT_TRUE(this->open()->reopen_stalled(t + 10'000).empty());
    EXPECT_EQ(store->find(stalled.id)->closed, "");
    EXPECT_EQ(store->find(declined.id)->closed, "declined");
    EXPECT_FALSE(store->set_game(stalled.id, 78, "from-seat", "to-seat"));
}

TYPED_TEST(ChallengeRepositoryContract, TheUntoldGameOfAReopenedChallengeIsRemoved) {
    auto store = this->open();
    auto games = this->storage_.open_games();
    ChallengeRecord stalled = this->challenge("visitor:a", "account:2");
    store->insert(stalled);
    const std::string made_for = "challenge:" + std::to_string(stalled.id);
    GameRecord untold = game_made_for(made_for);
    GameRecord unpaired = game_made_for("");
    games->insert(untold);
    games->insert(unpaired);
    std::int64_t t = stalled.created_ms;
    ASSERT_TRUE(store->close(stalled.id, "accepted", t));
    EXPECT_EQ(store->reopen_stalled(t + 10'000), std::vector<std::int64_t>{stalled.id});
    EXPECT_FALSE(games->load(untold.id));
    EXPECT_TRUE(games->load(unpaired.id));
    // Accepted again, and the note comes after a second reopening: refused, the game goes.
    ASSERT_TRUE(store->close(stalled.id, "accepted", t + 11'000));
    EXPECT_EQ(store->reopen_stalled(t + 30'000), std::vector<std::int64_t>{stalled.id});
    GameRecord late = game_made_for(made_for);
    games->insert(late);
    EXPECT_FALSE(store->set_game(stalled.id, late.id, "from", "to"));
    EXPECT_FALSE(games->load(late.id));
}

} // namespace
} // namespace evo::app::testing
