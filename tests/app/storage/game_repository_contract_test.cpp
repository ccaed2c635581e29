// One test suite for every GameRepository: SQLite and PostgreSQL must keep the same promises
// (what is written reads back, a save is a compare-and-set on the version, the list pages
// newest first, running clocks and the downtime credit).
#include "app/storage/postgres/game_repository.h"
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

// A fresh SQLite file per test.
class SqliteStorage {
  public:
    SqliteStorage() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() / ("evochess-storage-test-" + std::to_string(::getpid()) +
                                         "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteStorage() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<GameRepository> open() {
        return std::make_unique<SqliteGameRepository>((directory_ / "games.sqlite3").string());
    }

  private:
    fs::path directory_;
};

// The test binary's PostgreSQL server, its database emptied per test.
class PostgresStorage {
  public:
    PostgresStorage() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<GameRepository> open() {
        return std::make_unique<PostgresGameRepository>(PostgresTestServer::instance().conninfo());
    }
};

GameRecord evochess_game() {
    GameRecord record;
    record.variant = "evochess";
    record.start_fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0";
    record.moves_uci = {"b2b4", "a7a6"};
    record.players = {PlayerKind::Human, PlayerKind::Engine};
    record.engine = {1500, std::nullopt, 3};
    record.summary = {"after a6", std::nullopt, std::nullopt};
    return record;
}

// An online game with a clock running for White since `turn_started_ms`.
GameRecord clocked_game(std::int64_t turn_started_ms) {
    GameRecord record = evochess_game();
    record.online = true;
    record.seats.tokens = {"white-token", "black-token"};
    record.seats.invite_code = "invite";
    GameClock clock = GameClock::start({60000, 2000, std::nullopt});
    clock.remaining_ms = {50000, 40000};
    clock.running = White;
    clock.turn_started_ms = turn_started_ms;
    clock.lag_quota_ms = {300, 700};
    clock.berserked = {false, true};
    clock.berserk_allowed = true;
    record.clock = clock;
    return record;
}

template <class Storage> class GameRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<GameRepository> open() { return storage_.open(); }
    Storage storage_;
};

using Storages = ::testing::Types<SqliteStorage, PostgresStorage>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteStorage> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(GameRepositoryContract, Storages, StorageNames);

TYPED_TEST(GameRepositoryContract, InsertedGameReadsBackThroughANewConnection) {
    GameRecord record = evochess_game();
    this->open()->insert(record);
    EXPECT_GT(record.id, 0);
    EXPECT_EQ(record.version, 0);
    auto loaded = this->open()->load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->variant, "evochess");
    EXPECT_EQ(loaded->start_fen, record.start_fen);
    EXPECT_EQ(loaded->moves_uci, record.moves_uci);
    EXPECT_EQ(loaded->players.black, PlayerKind::Engine);
    EXPECT_EQ(loaded->engine.movetime_ms, 1500);
    EXPECT_FALSE(loaded->engine.depth);
    EXPECT_EQ(loaded->engine.level, 3);
    EXPECT_FALSE(loaded->declared_result);
    EXPECT_EQ(loaded->summary.fen, "after a6");
    EXPECT_EQ(loaded->created, record.created);
    EXPECT_FALSE(loaded->online);
    EXPECT_FALSE(loaded->clock);
}

TYPED_TEST(GameRepositoryContract, EveryFieldOfAnOnlineClockedGameReadsBack) {
    auto store = this->open();
    GameRecord record = clocked_game(123456);
    record.declared_result = DeclaredResult::draw(DeclaredReason::Agreement);
    record.draw_offer = White;
    record.takeback_offer = Black;
    record.rematch_offer = White;
    record.rematch_id = 42;
    record.pgn_tags_json = R"({"Event":"Test \"quoted\""})";
    record.summary = {"fen after", "1/2-1/2", "agreement"};
    store->insert(record);
    auto loaded = store->load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->online);
    EXPECT_EQ(loaded->seats.tokens, record.seats.tokens);
    EXPECT_EQ(loaded->seats.invite_code, "invite");
    EXPECT_EQ(loaded->declared_result, record.declared_result);
    EXPECT_EQ(loaded->draw_offer, White);
    EXPECT_EQ(loaded->takeback_offer, Black);
    EXPECT_EQ(loaded->rematch_offer, White);
    EXPECT_EQ(loaded->rematch_id, 42);
    EXPECT_EQ(loaded->pgn_tags_json, record.pgn_tags_json);
    EXPECT_EQ(loaded->summary.result, "1/2-1/2");
    EXPECT_EQ(loaded->summary.reason, "agreement");
    ASSERT_TRUE(loaded->clock);
    EXPECT_EQ(loaded->clock->settings.initial_ms, 60000);
    EXPECT_EQ(loaded->clock->settings.increment_ms, 2000);
    EXPECT_FALSE(loaded->clock->settings.days_per_move);
    EXPECT_EQ(loaded->clock->remaining_ms, (std::array<std::int64_t, 2>{50000, 40000}));
    EXPECT_EQ(loaded->clock->running, White);
    EXPECT_EQ(loaded->clock->turn_started_ms, 123456);
    EXPECT_EQ(loaded->clock->lag_quota_ms, (std::array<std::int64_t, 2>{300, 700}));
    EXPECT_EQ(loaded->clock->berserked, (std::array<bool, 2>{false, true}));
    EXPECT_TRUE(loaded->clock->berserk_allowed);
    // A finished game's clock has no flag to watch.
    EXPECT_TRUE(store->running_clocks().empty());
}

TYPED_TEST(GameRepositoryContract, SaveAppendsAndTruncatesMoves) {
    auto store = this->open();
    GameRecord record = evochess_game();
    store->insert(record);

    record.moves_uci.push_back("b4b5");
    ASSERT_EQ(store->save(record, 2), SaveOutcome::Saved);
    EXPECT_EQ(record.version, 1);
    EXPECT_EQ(store->load(record.id)->moves_uci.size(), 3u);

    record.moves_uci.resize(1);
    record.declared_result = DeclaredResult::win(Black, DeclaredReason::Resignation);
    record.draw_offer = Black;
    ASSERT_EQ(store->save(record, 3), SaveOutcome::Saved);
    auto loaded = store->load(record.id);
    EXPECT_EQ(loaded->moves_uci, std::vector<std::string>{"b2b4"});
    ASSERT_TRUE(loaded->declared_result);
    EXPECT_EQ(loaded->declared_result->reason, DeclaredReason::Resignation);
    EXPECT_EQ(loaded->draw_offer, Black);
    EXPECT_EQ(loaded->version, 2);
    EXPECT_EQ(store->version_of(record.id), 2);
}

TYPED_TEST(GameRepositoryContract, ASaveOnAVersionAlreadyReplacedIsAConflictAndChangesNothing) {
    auto store = this->open();
    GameRecord record = evochess_game();
    store->insert(record);
    GameRecord first = *store->load(record.id);
    GameRecord second = first;
    first.moves_uci.push_back("b4b5");
    second.moves_uci.push_back("c2c4");
    EXPECT_EQ(store->save(first, 2), SaveOutcome::Saved);
    EXPECT_EQ(store->save(second, 2), SaveOutcome::VersionConflict);
    EXPECT_EQ(second.version, 0);
    auto loaded = store->load(record.id);
    EXPECT_EQ(loaded->moves_uci.back(), "b4b5");
    EXPECT_EQ(loaded->version, 1);
}

// Two repositories on one database (two server processes) race to save the same version,
// many times over: each time exactly one is stored.
TYPED_TEST(GameRepositoryContract, OfTwoWritersRacingForOneVersionExactlyOneWins) {
    auto setup = this->open();
    GameRecord record = evochess_game();
    setup->insert(record);
    std::array<std::unique_ptr<GameRepository>, 2> servers{this->open(), this->open()};
    for (int round = 0; round < 20; ++round) {
        GameRecord base = *setup->load(record.id);
        std::array<SaveOutcome, 2> outcomes{};
        std::atomic<int> ready{0};
        std::array<std::thread, 2> writers;
        for (int i = 0; i < 2; ++i)
            writers[i] = std::thread([&, i] {
                GameRecord mine = base;
                mine.moves_uci.push_back(i == 0 ? "h2h3" : "h2h4");
                ++ready;
                while (ready < 2) std::this_thread::yield();
                outcomes[i] = servers[i]->save(mine, base.moves_uci.size());
            });
        for (auto& writer : writers) writer.join();
        int saved = int(outcomes[0] == SaveOutcome::Saved) + int(outcomes[1] == SaveOutcome::Saved);
        int conflicts = int(outcomes[0] == SaveOutcome::VersionConflict) +
                        int(outcomes[1] == SaveOutcome::VersionConflict);
        ASSERT_EQ(saved, 1) << "round " << round;
        ASSERT_EQ(conflicts, 1) << "round " << round;
        auto stored = setup->load(record.id);
        EXPECT_EQ(stored->version, base.version + 1);
        EXPECT_EQ(stored->moves_uci.size(), base.moves_uci.size() + 1);
    }
}

TYPED_TEST(GameRepositoryContract, ListShowsEveryGameAndRemoveDeletesOne) {
    auto store = this->open();
    GameRecord first = evochess_game();
    GameRecord second = evochess_game();
    second.summary.result = "1-0";
    store->insert(first);
    store->insert(second);
    auto listings = store->list(100, 0);
    ASSERT_EQ(listings.size(), 2u);
    EXPECT_EQ(listings[0].id, second.id);
    EXPECT_EQ(listings[0].summary.result, "1-0");
    EXPECT_EQ(listings[0].move_count, 2);
    EXPECT_EQ(listings[0].players.black, PlayerKind::Engine);

    EXPECT_TRUE(store->remove(first.id));
    EXPECT_FALSE(store->remove(first.id));
    EXPECT_FALSE(store->load(first.id));
    EXPECT_FALSE(store->version_of(first.id));
    EXPECT_EQ(store->save(first, 2), SaveOutcome::Gone);
    EXPECT_EQ(store->list(100, 0).size(), 1u);
}

TYPED_TEST(GameRepositoryContract, GamesKeepTheirOwnerAndListByOwnerOrOnline) {
    auto store = this->open();
    GameRecord visitors = evochess_game(), accounts = evochess_game(), nobodys = evochess_game();
    visitors.owner = "visitor:v";
    accounts.owner = "account:1";
    accounts.online = true;
    for (GameRecord* record : {&visitors, &accounts, &nobodys}) store->insert(*record);
    EXPECT_EQ(store->load(visitors.id)->owner, "visitor:v");
    EXPECT_EQ(store->load(nobodys.id)->owner, "");
    auto ids = [&](const GameListFilter& filter) {
        std::vector<std::int64_t> shown;
        for (const auto& listing : store->list(100, 0, filter)) shown.push_back(listing.id);
        return shown;
    };
    EXPECT_EQ(ids({std::vector<std::string>{"visitor:v"}, false}),
              std::vector<std::int64_t>{visitors.id});
    EXPECT_EQ(ids({std::vector<std::string>{"account:1", "visitor:v"}, false}),
              (std::vector<std::int64_t>{accounts.id, visitors.id}));
    EXPECT_TRUE(ids({std::vector<std::string>{}, false}).empty());
    EXPECT_EQ(ids({std::nullopt, true}), std::vector<std::int64_t>{accounts.id});
    EXPECT_EQ(ids({}).size(), 3u);

    // A visitor who makes an account: the games move, and a stale copy cannot be saved.
    EXPECT_EQ(store->transfer_games("visitor:v", "account:1"), 1);
    EXPECT_EQ(store->load(visitors.id)->owner, "account:1");
    EXPECT_EQ(store->load(visitors.id)->version, visitors.version + 1);
    EXPECT_EQ(store->save(visitors, visitors.moves_uci.size()), SaveOutcome::VersionConflict);
    EXPECT_EQ(ids({std::vector<std::string>{"account:1"}, false}).size(), 2u);
}

TYPED_TEST(GameRepositoryContract, ListPagesThroughTheGamesNewestFirst) {
    auto store = this->open();
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 5; ++i) {
        GameRecord record = evochess_game();
        record.online = i % 2 == 0;
        store->insert(record);
        ids.push_back(record.id);
    }
    // Inserted within one second: the newest id comes first.
    auto page = [&](int limit, int offset) {
        std::vector<std::int64_t> shown;
        for (const auto& listing : store->list(limit, offset)) shown.push_back(listing.id);
        return shown;
    };
    EXPECT_EQ(page(2, 0), (std::vector<std::int64_t>{ids[4], ids[3]}));
    EXPECT_EQ(page(2, 2), (std::vector<std::int64_t>{ids[2], ids[1]}));
    EXPECT_EQ(page(2, 4), (std::vector<std::int64_t>{ids[0]}));
    EXPECT_TRUE(page(2, 6).empty());
    EXPECT_TRUE(store->list(1, 0)[0].online);
}

TYPED_TEST(GameRepositoryContract, ListSeparatesFinishedGamesAndShowsTheirClocks) {
    auto games = this->open();
    GameRecord live = clocked_game(1'700'000'000'000);
    games->insert(live);
    GameRecord finished = clocked_game(1'700'000'000'000);
    finished.summary = {"after a6", "1-0", "resignation"};
    finished.declared_result = DeclaredResult::win(White, DeclaredReason::Resignation);
    finished.clock->running.reset();
    games->insert(finished);
    GameListFilter filter;
    filter.finished = false;
    auto listed = games->list(10, 0, filter);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].id, live.id);
    ASSERT_TRUE(listed[0].clock);
    EXPECT_EQ(listed[0].clock->settings.initial_ms, 60000);
    EXPECT_EQ(listed[0].clock->settings.increment_ms, 2000);
    EXPECT_FALSE(listed[0].clock->settings.days_per_move);
    EXPECT_EQ(listed[0].clock->remaining_ms, (std::array<std::int64_t, 2>{50000, 40000}));
    EXPECT_EQ(listed[0].clock->running, White);
    EXPECT_EQ(listed[0].clock->turn_started_ms, 1'700'000'000'000);
    filter.finished = true;
    listed = games->list(10, 0, filter);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].id, finished.id);
    EXPECT_FALSE(listed[0].clock->running);
    EXPECT_EQ(games->list(10, 0).size(), 2u);
    GameRecord unclocked = evochess_game();
    games->insert(unclocked);
    EXPECT_FALSE(games->list(1, 0)[0].clock);
}

TYPED_TEST(GameRepositoryContract, ListFiltersAPlayersGamesForAnExport) {
    auto store = this->open();
    auto player = [](const char* key, const char* name) {
        SeatPlayer seat;
        seat.key = key;
        seat.name = name;
        return seat;
    };
    SeatPlayer ann = player("account:1", "ann"), bob = player("account:2", "bob"),
               cid = player("account:3", "cid");
    auto seated = [&](const SeatPlayer& white, const SeatPlayer& black, const char* variant,
                      bool rated) {
        GameRecord record = evochess_game();
        record.variant = variant; // listing reads the row, it replays nothing
        record.online = true;
        record.rated = rated;
        record.seat_players = {white, black};
        store->insert(record);
        return record.id;
    };
    std::int64_t g1 = seated(ann, bob, "evochess", true);
    std::int64_t g2 = seated(bob, ann, "chess", false);
    std::int64_t g3 = seated(ann, cid, "chess", true);
    seated(bob, cid, "chess", true); // not ann's
    using Ids = std::vector<std::int64_t>;
    auto anns = [&](auto adjust) {
        GameListFilter filter;
        filter.seat_player = "account:1";
        filter.newest_made_first = true;
        adjust(filter);
        Ids shown;
        for (const auto& listing : store->list(100, 0, filter)) shown.push_back(listing.id);
        return shown;
    };
    EXPECT_EQ(anns([](GameListFilter&) {}), (Ids{g3, g2, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.seat_side = White; }), (Ids{g3, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.seat_side = Black; }), (Ids{g2}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.opponent = "account:2"; }), (Ids{g2, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) {
                  f.opponent = "account:2";
                  f.seat_side = Black;
              }),
              (Ids{g2}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.opponent = "account:9"; }), Ids{});
    EXPECT_EQ(anns([](GameListFilter& f) { f.rated = true; }), (Ids{g3, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.rated = false; }), (Ids{g2}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.variants = std::vector<std::string>{"chess"}; }),
              (Ids{g3, g2}));
    EXPECT_EQ(anns([](GameListFilter& f) {
                  f.variants = std::vector<std::string>{"evochess", "chess"};
              }),
              (Ids{g3, g2, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.variants = std::vector<std::string>{}; }), Ids{});
    EXPECT_EQ(anns([&](GameListFilter& f) { f.below_id = g3; }), (Ids{g2, g1}));
    std::string made = store->load(g1)->created;
    EXPECT_EQ(anns([&](GameListFilter& f) {
                  f.created_from = made;
                  f.created_until = store->load(g3)->created;
              }),
              (Ids{g3, g2, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.created_from = "9999-12-31T23:59:59Z"; }), Ids{});
    EXPECT_EQ(anns([](GameListFilter& f) { f.created_until = "2000-01-01T00:00:00Z"; }), Ids{});

    // A change a second later (times are kept to the second) puts g1 first among the most
    // recently changed, not among the most recently made.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    GameRecord changed = *store->load(g1);
    ASSERT_EQ(store->save(changed, changed.moves_uci.size()), SaveOutcome::Saved);
    EXPECT_EQ(anns([](GameListFilter&) {}), (Ids{g3, g2, g1}));
    EXPECT_EQ(anns([](GameListFilter& f) { f.newest_made_first = false; }), (Ids{g1, g3, g2}));
}

TYPED_TEST(GameRepositoryContract, UnknownGameIsAbsent) {
    auto store = this->open();
    EXPECT_FALSE(store->load(12345));
    EXPECT_FALSE(store->version_of(12345));
}

TYPED_TEST(GameRepositoryContract, RunningClocksAreTheUnfinishedGamesWithTheirFlagTimes) {
    auto store = this->open();
    GameRecord running = clocked_game(1000);
    GameRecord finished = clocked_game(1000);
    finished.summary.result = "1-0";
    GameRecord unclocked = evochess_game();
    store->insert(running);
    store->insert(finished);
    store->insert(unclocked);
    auto clocks = store->running_clocks();
    ASSERT_EQ(clocks.size(), 1u);
    EXPECT_EQ(clocks[0].first, running.id);
    EXPECT_EQ(clocks[0].second, 1000 + 50000); // White's time left runs out
}

TYPED_TEST(GameRepositoryContract, TheTimeTheServerWasDownIsChargedToNobody) {
    auto store = this->open();
    store->note_alive(5000);
    store->note_alive(3000);               // an earlier instant noted late does not win
    GameRecord early = clocked_game(1000); // its turn began before the last note
    GameRecord late = clocked_game(5500);  // after it
    GameRecord idle = evochess_game();
    store->insert(early);
    store->insert(late);
    store->insert(idle);

    EXPECT_EQ(store->credit_downtime(9000), 2);
    auto moved_early = store->load(early.id);
    EXPECT_EQ(moved_early->clock->turn_started_ms, 1000 + 4000);
    EXPECT_EQ(moved_early->version, 1);
    EXPECT_EQ(store->load(late.id)->clock->turn_started_ms, 9000);
    EXPECT_EQ(store->load(idle.id)->version, 0);
    auto clocks = store->running_clocks();
    ASSERT_EQ(clocks.size(), 2u);
    for (const auto& [id, flag_ms] : clocks)
        EXPECT_EQ(flag_ms, store->load(id)->clock->turn_started_ms + 50000) << id;
    // Noted at 9000 as well: at once again, nothing is moved.
    EXPECT_EQ(store->credit_downtime(9000), 0);
}

TYPED_TEST(GameRepositoryContract, WithoutAnInstantNotedNothingIsCredited) {
    auto store = this->open();
    GameRecord running = clocked_game(1000);
    store->insert(running);
    EXPECT_EQ(store->credit_downtime(9000), 0);
    EXPECT_EQ(store->load(running.id)->clock->turn_started_ms, 1000);
    EXPECT_EQ(store->credit_downtime(10000), 1);
    EXPECT_EQ(store->load(running.id)->clock->turn_started_ms, 2000);
}

// The service calls one repository from its I/O, engine and flag-watcher threads at once:
// more threads than PostgreSQL's pool has connections, each writing its own game.
TYPED_TEST(GameRepositoryContract, ManyThreadsShareOneRepository) {
    auto store = this->open();
    constexpr int threads = 8;
    const std::array<std::string, 5> played{"c2c3", "c7c6", "d2d3", "d7d6", "e2e3"};
    constexpr int moves = int(played.size());
    std::array<std::int64_t, threads> ids{};
    std::array<std::thread, threads> workers;
    for (int t = 0; t < threads; ++t)
        workers[t] = std::thread([&, t] {
            GameRecord record = evochess_game();
            store->insert(record);
            ids[t] = record.id;
            for (int i = 0; i < moves; ++i) {
                std::size_t stored = record.moves_uci.size();
                record.moves_uci.push_back(played[i]);
                if (store->save(record, stored) != SaveOutcome::Saved) return;
                store->note_alive(i);
                store->list(5, 0);
            }
        });
    for (auto& worker : workers) worker.join();
    for (std::int64_t id : ids) {
        auto loaded = store->load(id);
        ASSERT_TRUE(loaded);
        EXPECT_EQ(loaded->version, moves);
        EXPECT_EQ(loaded->moves_uci.size(), std::size_t(2 + moves));
    }
    EXPECT_EQ(store->list(100, 0).size(), std::size_t(threads));
}

// Saves from many threads at once (on SQLite they share one commit, a group commit): each
// keeps its own outcome, and a stale or vanished game's save in the same moment undoes
// nothing of the others'.
TYPED_TEST(GameRepositoryContract, SavesAtOnceKeepTheirOwnOutcomes) {
    auto store = this->open();
    constexpr int threads = 8;
    constexpr int rounds = 30;
    GameRecord gone = evochess_game();
    store->insert(gone);
    ASSERT_TRUE(store->remove(gone.id));
    std::array<std::int64_t, threads> ids{};
    std::array<int, threads> wrong{};
    std::array<std::thread, threads> workers;
    std::atomic<int> ready{0};
    for (int t = 0; t < threads; ++t)
        workers[t] = std::thread([&, t] {
            GameRecord record = evochess_game();
            store->insert(record);
            ids[t] = record.id;
            ++ready;
            while (ready < threads) std::this_thread::yield();
            for (int i = 0; i < rounds; ++i) {
                GameRecord stale = record;
                std::size_t stored = record.moves_uci.size();
                record.moves_uci.push_back(i % 2 == 0 ? "g1f3" : "g8f6");
                if (store->save(record, stored) != SaveOutcome::Saved) ++wrong[t];
                // The same version again: another process's change came first.
                stale.moves_uci.push_back("b1c3");
                if (store->save(stale, stored) != SaveOutcome::VersionConflict) ++wrong[t];
                GameRecord vanished = gone;
                if (store->save(vanished, 2) != SaveOutcome::Gone) ++wrong[t];
            }
        });
    for (auto& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) {
        EXPECT_EQ(wrong[t], 0) << "thread " << t;
        auto loaded = store->load(ids[t]);
        ASSERT_TRUE(loaded);
        EXPECT_EQ(loaded->version, rounds);
        ASSERT_EQ(loaded->moves_uci.size(), std::size_t(2 + rounds));
        EXPECT_EQ(loaded->moves_uci.back(), rounds % 2 == 0 ? "g8f6" : "g1f3");
    }
    // What was answered Saved is on disk: a fresh connection reads the same.
    auto reopened = this->open();
    for (std::int64_t id : ids) EXPECT_EQ(reopened->load(id)->version, rounds);
}

} // namespace
} // namespace evo::app::testing
