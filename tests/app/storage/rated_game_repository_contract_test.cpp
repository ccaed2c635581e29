// Rated games on SQLite and PostgreSQL alike (docs/ratings.md): the save that stores a rated
// game's end changes both players' ratings by one Glicko-2 game and writes their history, in
// the same transaction, exactly once: not again when the ended game is saved again, not by a
// second server's stale copy, not for an aborted or a casual game. The seat players and the
// rated flag read back, and a player's games are listed by seat.
#include "app/ratings/glicko2.h"
#include "app/record/declared_result.h"
#include "app/storage/postgres/account_repository.h"
#include "app/storage/postgres/game_repository.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/game_repository.h"
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

class SqliteRatedStorage {
  public:
    SqliteRatedStorage() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() /
            ("evochess-rated-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteRatedStorage() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<GameRepository> games() {
        return std::make_unique<SqliteGameRepository>(path());
    }
    std::unique_ptr<AccountRepository> accounts() {
        return std::make_unique<SqliteAccountRepository>(path());
    }

  private:
    std::string path() const { return (directory_ / "games.sqlite3").string(); }
    fs::path directory_;
};

class PostgresRatedStorage {
  public:
    PostgresRatedStorage() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<GameRepository> games() {
        return std::make_unique<PostgresGameRepository>(PostgresTestServer::instance().conninfo());
    }
    std::unique_ptr<AccountRepository> accounts() {
        return std::make_unique<PostgresAccountRepository>(
            PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class RatedGameRepositoryContract : public ::testing::Test {
  protected:
    void SetUp() override {
        games_ = storage_.games();
        accounts_ = storage_.accounts();
        for (const char* name : {"white_player", "black_player"}) {
            AccountRecord account{0, name, "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA", 1};
            ASSERT_TRUE(accounts_->create(account));
            ids_.push_back(account.id);
        }
    }

    // A rated online game between the two accounts, two plies in, not over.
    GameRecord rated_game() {
        GameRecord record;
        record.variant = "evochess";
        record.start_fen = "start";
        record.online = true;
        record.rated = true;
        record.seat_players[0] =
            SeatPlayer{"account:" + std::to_string(ids_[0]), "white_player", 1500.0, true};
        record.seat_players[1] =
            SeatPlayer{"account:" + std::to_string(ids_[1]), "black_player", 1500.0, true};
        record.moves_uci = {"e2e4", "e7e5"};
        record.summary = {"fen", std::nullopt, std::nullopt};
        games_->insert(record);
        return record;
    }
    static void end(GameRecord& record, const std::string& result, const std::string& reason) {
        record.declared_result = declared_result_from_text(result, reason);
        record.summary = {"fen", result, reason};
        record.changed_ms = 1'900'000'000'000;
    }
    std::optional<StoredRating> rating(Color seat) {
        for (const StoredRating& stored : accounts_->ratings_of(ids_[std::size_t(seat)]))
            if (stored.variant == "evochess") return stored;
        return std::nullopt;
    }

    Storage storage_;
    std::unique_ptr<GameRepository> games_;
    std::unique_ptr<AccountRepository> accounts_;
    std::vector<std::int64_t> ids_;
};

using Storages = ::testing::Types<SqliteRatedStorage, PostgresRatedStorage>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteRatedStorage> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(RatedGameRepositoryContract, Storages, StorageNames);

TYPED_TEST(RatedGameRepositoryContract, TheSeatPlayersAndTheRatedFlagReadBack) {
    GameRecord record = this->rated_game();
    auto loaded = this->games_->load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->rated);
    EXPECT_EQ(loaded->seat_players, record.seat_players);
    EXPECT_FALSE(loaded->rating_changes);

    GameListFilter filter;
    filter.seat_player = record.seat_players[1]->key;
    auto listed = this->games_->list(10, 0, filter);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_TRUE(listed[0].rated);
    EXPECT_EQ(listed[0].seat_players, record.seat_players);
    EXPECT_FALSE(listed[0].rating_changes); // not over yet
    filter.seat_player = "account:999999";
    EXPECT_TRUE(this->games_->list(10, 0, filter).empty());
}

TYPED_TEST(RatedGameRepositoryContract, TheSaveThatEndsARatedGameRatesBothPlayersOnce) {
    GameRecord record = this->rated_game();
    GameRecord stale = record; // another server's copy of the same version
    this->end(record, "1-0", "resignation");
    ASSERT_EQ(this->games_->save(record, 2), SaveOutcome::Saved);

    RatedPair expected = rate_game(initial_rating(), initial_rating(), 1);
    auto white = this->rating(White);
    auto black = this->rating(Black);
    ASSERT_TRUE(white && black);
    EXPECT_DOUBLE_EQ(white->rating, expected.white.rating);
    EXPECT_DOUBLE_EQ(white->rd, expected.white.rd);
    EXPECT_DOUBLE_EQ(white->volatility, expected.white.volatility);
    EXPECT_DOUBLE_EQ(black->rating, expected.black.rating);
    EXPECT_EQ(white->games, 1);
    EXPECT_EQ(white->wins, 1);
    EXPECT_EQ(black->losses, 1);
    EXPECT_EQ(black->last_played_ms, 1'900'000'000'000);
    ASSERT_TRUE(record.rating_changes);
    EXPECT_DOUBLE_EQ((*record.rating_changes)[0].before, 1500);
    EXPECT_DOUBLE_EQ((*record.rating_changes)[1].after, expected.black.rating);

    // Saved again after its end, and a stale copy's end: nothing more.
    record.rematch_offer = White;
    ASSERT_EQ(this->games_->save(record, 2), SaveOutcome::Saved);
    this->end(stale, "0-1", "resignation");
    EXPECT_EQ(this->storage_.games()->save(stale, 2), SaveOutcome::VersionConflict);
    EXPECT_EQ(this->rating(White)->games, 1);
    EXPECT_DOUBLE_EQ(this->rating(Black)->rating, expected.black.rating);

    auto loaded = this->storage_.games()->load(record.id);
    ASSERT_TRUE(loaded && loaded->rating_changes);
    EXPECT_DOUBLE_EQ((*loaded->rating_changes)[0].after, expected.white.rating);
    EXPECT_DOUBLE_EQ((*loaded->rating_changes)[1].before, 1500);
    // A list of games carries them too ("My games": the rating a game left).
    GameListFilter filter;
    filter.seat_player = record.seat_players[0]->key;
    auto listed = this->games_->list(10, 0, filter);
    ASSERT_EQ(listed.size(), 1u);
    ASSERT_TRUE(listed[0].rating_changes);
    EXPECT_DOUBLE_EQ((*listed[0].rating_changes)[0].after, expected.white.rating);
    EXPECT_DOUBLE_EQ((*listed[0].rating_changes)[1].before, 1500);
    EXPECT_DOUBLE_EQ((*listed[0].rating_changes)[1].after, expected.black.rating);
    auto history = this->accounts_->rating_history_of(this->ids_[0]);
    ASSERT_EQ(history.size(), 1u);
    EXPECT_EQ(history[0].game_id, record.id);
    EXPECT_EQ(history[0].variant, "evochess");
    EXPECT_DOUBLE_EQ(history[0].after, expected.white.rating);
    EXPECT_EQ(history[0].ended_ms, 1'900'000'000'000);
}

TYPED_TEST(RatedGameRepositoryContract, TwoServersStoringTheEndAtOnceRateItOnce) {
    GameRecord record = this->rated_game();
    std::array<GameRecord, 2> copies{record, record};
    this->end(copies[0], "1-0", "resignation");
    this->end(copies[1], "0-1", "time forfeit");
    std::array<SaveOutcome, 2> outcomes{};
    std::vector<std::thread> servers;
    for (std::size_t i = 0; i < 2; ++i)
        servers.emplace_back([&, i] { outcomes[i] = this->storage_.games()->save(copies[i], 2); });
    for (std::thread& server : servers) server.join();
    int saved = int(outcomes[0] == SaveOutcome::Saved) + int(outcomes[1] == SaveOutcome::Saved);
    ASSERT_EQ(saved, 1);
    double white_score = outcomes[0] == SaveOutcome::Saved ? 1 : 0;
    RatedPair expected = rate_game(initial_rating(), initial_rating(), white_score);
    EXPECT_EQ(this->rating(White)->games, 1);
    EXPECT_EQ(this->rating(Black)->games, 1);
    EXPECT_DOUBLE_EQ(this->rating(White)->rating, expected.white.rating);
    EXPECT_EQ(this->accounts_->rating_history_of(this->ids_[1]).size(), 1u);
}

TYPED_TEST(RatedGameRepositoryContract, TheNextGameStartsFromTheRatingsTheLastOneLeft) {
    GameRecord first = this->rated_game();
    this->end(first, "1/2-1/2", "agreement");
    ASSERT_EQ(this->games_->save(first, 2), SaveOutcome::Saved);
    GameRecord second = this->rated_game();
    this->end(second, "0-1", "time forfeit");
    ASSERT_EQ(this->games_->save(second, 2), SaveOutcome::Saved);

    RatedPair after_first = rate_game(initial_rating(), initial_rating(), 0.5);
    RatedPair after_second = rate_game(after_first.white, after_first.black, 0);
    EXPECT_DOUBLE_EQ(this->rating(White)->rating, after_second.white.rating);
    EXPECT_DOUBLE_EQ(this->rating(Black)->rd, after_second.black.rd);
    EXPECT_EQ(this->rating(Black)->draws, 1);
    EXPECT_EQ(this->rating(Black)->wins, 1);
    EXPECT_EQ(this->rating(Black)->games, 2);
    EXPECT_EQ(this->accounts_->rating_history_of(this->ids_[1]).size(), 2u);
}

TYPED_TEST(RatedGameRepositoryContract, AnAbortedOrCasualOrTooShortGameRatesNobody) {
    GameRecord aborted = this->rated_game();
    aborted.moves_uci = {"e2e4"};
    this->end(aborted, "*", "aborted");
    ASSERT_EQ(this->games_->save(aborted, 2), SaveOutcome::Saved);
    GameRecord casual = this->rated_game();
    casual.rated = false;
    this->end(casual, "1-0", "resignation");
    ASSERT_EQ(this->games_->save(casual, 2), SaveOutcome::Saved);
    GameRecord one_move = this->rated_game();
    one_move.moves_uci = {"e2e4"};
    this->end(one_move, "1-0", "resignation");
    ASSERT_EQ(this->games_->save(one_move, 2), SaveOutcome::Saved);
    EXPECT_FALSE(this->rating(White));
    EXPECT_FALSE(this->rating(Black));
    EXPECT_FALSE(this->games_->load(aborted.id)->rating_changes);
    for (const GameListing& listing : this->games_->list(10, 0, GameListFilter{}))
        EXPECT_FALSE(listing.rating_changes) << "game " << listing.id;
}

TYPED_TEST(RatedGameRepositoryContract, TheLeaderboardTakesSettledRecentRatingsBestFirst) {
    this->accounts_->save_rating(this->ids_[0], {"chess", 1600, 100, 0.06, 9, 5, 1, 3, 5000});
    this->accounts_->save_rating(this->ids_[1], {"chess", 1700, 80, 0.06, 9, 5, 1, 3, 4000});
    auto board = this->accounts_->leaderboard("chess", 110, 4000, 10, false);
    ASSERT_EQ(board.size(), 2u);
    EXPECT_EQ(board[0].name, "black_player");
    EXPECT_EQ(board[0].rating.wins, 5);
    EXPECT_EQ(this->accounts_->leaderboard("chess", 90, 0, 10, false).size(), 1u);
    EXPECT_EQ(this->accounts_->leaderboard("chess", 110, 4500, 10, false).size(), 1u);
    EXPECT_EQ(this->accounts_->leaderboard("chess", 110, 0, 1, false).size(), 1u);
    EXPECT_TRUE(this->accounts_->leaderboard("chess", 110, 0, 10, true).empty());
}

TYPED_TEST(RatedGameRepositoryContract, BotsAreRankedApartFromPeople) {
    this->accounts_->save_rating(this->ids_[0], {"chess", 1600, 100, 0.06, 9, 5, 1, 3, 5000});
    this->accounts_->save_rating(this->ids_[1], {"chess", 1700, 80, 0.06, 9, 5, 1, 3, 4000});
    ASSERT_TRUE(this->accounts_->make_bot(this->ids_[1]));
    auto people = this->accounts_->leaderboard("chess", 110, 0, 10, false);
    ASSERT_EQ(people.size(), 1u);
    EXPECT_EQ(people[0].name, "white_player");
    auto bots = this->accounts_->leaderboard("chess", 110, 0, 10, true);
    ASSERT_EQ(bots.size(), 1u);
    EXPECT_EQ(bots[0].name, "black_player");
}

} // namespace
} // namespace evo::app::testing
