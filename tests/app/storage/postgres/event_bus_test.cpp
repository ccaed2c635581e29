// PostgresEventBus: a change stored by one process is heard by every process's bus (the
// NOTIFY is sent in the saving transaction, so only a committed change is heard), and a
// listening connection that is lost is opened again and reported as a gap. The lobby's
// notices are told to every process once, the publisher's at once.
#include "../postgres_test_server.h"
#include "app/storage/postgres/event_bus.h"
#include "app/storage/postgres/game_repository.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace evo::app::testing {
namespace {

// What one bus's listener was told, waited for with a timeout (never a fixed sleep). The
// record is shared with the bus's callbacks, which may outlive this object.
class Heard {
  public:
    explicit Heard(EventBus& bus) : record_(std::make_shared<Record>()) {
        bus.listen(
            [record = record_](const GameChanged& change) {
                std::lock_guard lock(record->mutex);
                record->changes.push_back(change);
                record->changed.notify_all();
            },
            [record = record_] {
                std::lock_guard lock(record->mutex);
                ++record->gaps;
                record->changed.notify_all();
            });
    }
    // The changes heard once at least `count` were, or all heard by a generous timeout.
    std::vector<GameChanged> changes(std::size_t count) {
        std::unique_lock lock(record_->mutex);
        record_->changed.wait_for(lock, std::chrono::seconds(20),
                                  [&] { return record_->changes.size() >= count; });
        return record_->changes;
    }
    int gaps(int count) {
        std::unique_lock lock(record_->mutex);
        record_->changed.wait_for(lock, std::chrono::seconds(20),
                                  [&] { return record_->gaps >= count; });
        return record_->gaps;
    }

  private:
    struct Record {
        std::mutex mutex;
        std::condition_variable changed;
        std::vector<GameChanged> changes;
        int gaps = 0;
    };
    std::shared_ptr<Record> record_;
};

// What one bus's lobby listener was told, waited for as Heard does.
class HeardLobby {
  public:
    explicit HeardLobby(EventBus& bus) : record_(std::make_shared<Record>()) {
        bus.listen_lobby(
            [record = record_](const LobbyNotice& notice) {
                std::lock_guard lock(record->mutex);
                record->notices.push_back(notice);
                record->changed.notify_all();
            },
            [record = record_] {
                std::lock_guard lock(record->mutex);
                ++record->gaps;
                record->changed.notify_all();
            });
    }
    int gaps(int count) {
        std::unique_lock lock(record_->mutex);
        record_->changed.wait_for(lock, std::chrono::seconds(20),
                                  [&] { return record_->gaps >= count; });
        return record_->gaps;
    }
    std::vector<LobbyNotice> notices(std::size_t count) {
        std::unique_lock lock(record_->mutex);
        record_->changed.wait_for(lock, std::chrono::seconds(20),
                                  [&] { return record_->notices.size() >= count; });
        return record_->notices;
    }

  private:
    struct Record {
        std::mutex mutex;
        std::condition_variable changed;
        std::vector<LobbyNotice> notices;
        int gaps = 0;
    };
    std::shared_ptr<Record> record_;
};

class PostgresEventBusTest : public ::testing::Test {
  protected:
    void SetUp() override { server().empty_database(); }
    static PostgresTestServer& server() { return PostgresTestServer::instance(); }
};

GameRecord a_game() {
    GameRecord record;
    record.variant = "chess";
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.summary = {"start", std::nullopt, std::nullopt};
    return record;
}

TEST(GameChangePayload, ReadsBackWhatItWritesAndRefusesAnythingElse) {
    auto change = parse_game_change_payload(game_change_payload({42, 7}));
    ASSERT_TRUE(change);
    EXPECT_EQ(change->game_id, 42);
    EXPECT_EQ(change->version, 7);
    EXPECT_FALSE(parse_game_change_payload("42"));
    EXPECT_FALSE(parse_game_change_payload("42:x"));
    EXPECT_FALSE(parse_game_change_payload(":7"));
    EXPECT_FALSE(parse_game_change_payload("42:7:1"));
}

TEST_F(PostgresEventBusTest, AChangeStoredByOneProcessIsHeardByEveryBus) {
    PostgresGameRepository store(server().conninfo());
    PostgresEventBus here(server().conninfo());
    PostgresEventBus elsewhere(server().conninfo());
    Heard heard_here(here), heard_elsewhere(elsewhere);

    GameRecord game = a_game();
    store.insert(game);
    game.moves_uci = {"e2e4"};
    ASSERT_EQ(store.save(game, 0), SaveOutcome::Saved);

    std::vector<GameChanged> expected = {{game.id, 0}, {game.id, 1}};
    EXPECT_EQ(heard_here.changes(2), expected);
    EXPECT_EQ(heard_elsewhere.changes(2), expected);
}

TEST_F(PostgresEventBusTest, ASaveThatLosesTheRaceIsNotAnnounced) {
    PostgresGameRepository store(server().conninfo());
    PostgresEventBus bus(server().conninfo());
    Heard heard(bus);
    GameRecord game = a_game();
    store.insert(game);
    GameRecord stale = game;
    game.moves_uci = {"e2e4"};
    ASSERT_EQ(store.save(game, 0), SaveOutcome::Saved);
    stale.moves_uci = {"d2d4"};
    ASSERT_EQ(store.save(stale, 0), SaveOutcome::VersionConflict);
    game.moves_uci.push_back("e7e5");
    ASSERT_EQ(store.save(game, 1), SaveOutcome::Saved);
    // Notices come in commit order: had the lost save been announced, it would be third.
    std::vector<GameChanged> expected = {{game.id, 0}, {game.id, 1}, {game.id, 2}};
    EXPECT_EQ(heard.changes(3), expected);
}

TEST_F(PostgresEventBusTest, PublishTellsThisProcessAtOnceAndNoOther) {
    PostgresEventBus here(server().conninfo());
    PostgresEventBus elsewhere(server().conninfo());
    Heard heard_here(here), heard_elsewhere(elsewhere);
    here.publish({5, 3});
    std::vector<GameChanged> expected = {{5, 3}};
    EXPECT_EQ(heard_here.changes(0), expected); // on the publisher's thread, before it returns
    // Another process hears of it through the storing transaction's notice alone: a notice
    // sent now is the first the other bus hears.
    PostgresConnection connection(server().conninfo());
    notify_game_changed(connection, {6, 1});
    std::vector<GameChanged> only_the_notice = {{6, 1}};
    EXPECT_EQ(heard_elsewhere.changes(1), only_the_notice);
}

TEST(LobbyNoticePayload, ReadsBackWhatItWritesAndRefusesAnythingElse) {
    LobbyNotice notice{LobbyChange::SeekRemoved, 4, LobbyRemoval::Left};
    EXPECT_EQ(parse_lobby_notice_payload(lobby_notice_payload(notice)), notice);
    EXPECT_EQ(parse_lobby_notice_payload("seek_added:5:"),
              (LobbyNotice{LobbyChange::SeekAdded, 5, LobbyRemoval::None}));
    EXPECT_FALSE(parse_lobby_notice_payload("seek_added:5"));
    EXPECT_FALSE(parse_lobby_notice_payload("seek_added:x:"));
    EXPECT_FALSE(parse_lobby_notice_payload(":5:"));
    EXPECT_FALSE(parse_lobby_notice_payload("seek_eaten:5:"));
    EXPECT_FALSE(parse_lobby_notice_payload("seek_removed:5:eaten"));
    // Every change and reason has a text of its own that reads back.
    for (LobbyChange change :
         {LobbyChange::SeekAdded, LobbyChange::SeekRemoved, LobbyChange::SeekTaken,
          LobbyChange::ChallengeSent, LobbyChange::ChallengeRemoved})
        for (LobbyRemoval reason :
             {LobbyRemoval::None, LobbyRemoval::Cancelled, LobbyRemoval::Withdrawn,
              LobbyRemoval::Left, LobbyRemoval::Accepted, LobbyRemoval::Declined}) {
            LobbyNotice each{change, 12, reason};
            EXPECT_EQ(parse_lobby_notice_payload(lobby_notice_payload(each)), each);
        }
}

TEST_F(PostgresEventBusTest, ALobbyNoticeIsToldToEveryProcessOnce) {
    PostgresEventBus here(server().conninfo());
    PostgresEventBus elsewhere(server().conninfo());
    HeardLobby heard_here(here), heard_elsewhere(elsewhere);
    here.publish_lobby({LobbyChange::SeekAdded, 4, LobbyRemoval::None});
    here.publish_lobby({LobbyChange::SeekRemoved, 4, LobbyRemoval::Left});
    std::vector<LobbyNotice> expected = {{LobbyChange::SeekAdded, 4, LobbyRemoval::None},
                                         {LobbyChange::SeekRemoved, 4, LobbyRemoval::Left}};
    EXPECT_EQ(heard_here.notices(0), expected); // on the publisher's thread, before it returns
    EXPECT_EQ(heard_elsewhere.notices(2), expected);
    // The publisher's own notices come back to it before this one: it ignores them.
    elsewhere.publish_lobby({LobbyChange::SeekAdded, 5, LobbyRemoval::None});
    expected.push_back({LobbyChange::SeekAdded, 5, LobbyRemoval::None});
    EXPECT_EQ(heard_here.notices(3), expected);
    EXPECT_EQ(heard_elsewhere.notices(3), expected);
}

// A chat message posted on one process reaches the chat listeners of every process once
// (chat_service.h reads the message by its id and sends it to the game's streams).
TEST_F(PostgresEventBusTest, AChatNoticeIsToldToEveryProcessOnce) {
    PostgresEventBus here(server().conninfo());
    PostgresEventBus elsewhere(server().conninfo());
    struct Heard {
        std::mutex mutex;
        std::condition_variable changed;
        std::vector<ChatPosted> notices;
        std::vector<ChatPosted> wait_for(std::size_t count) {
            std::unique_lock lock(mutex);
            changed.wait_for(lock, std::chrono::seconds(20),
                             [&] { return notices.size() >= count; });
            return notices;
        }
    };
    auto heard_here = std::make_shared<Heard>(), heard_elsewhere = std::make_shared<Heard>();
    for (auto [bus, heard] : {std::pair{&here, heard_here}, std::pair{&elsewhere, heard_elsewhere}})
        bus->listen_chat([heard](const ChatPosted& posted) {
            std::lock_guard lock(heard->mutex);
            heard->notices.push_back(posted);
            heard->changed.notify_all();
        });
    here.publish_chat({7, 41});
    std::vector<ChatPosted> expected = {{7, 41}};
    EXPECT_EQ(heard_here->wait_for(0), expected); // at once, on the publisher's thread
    EXPECT_EQ(heard_elsewhere->wait_for(1), expected);
    elsewhere.publish_chat({7, 42});
    expected.push_back({7, 42});
    EXPECT_EQ(heard_here->wait_for(2), expected);
    EXPECT_EQ(heard_elsewhere->wait_for(2), expected); // its own notice is not told twice
}

TEST_F(PostgresEventBusTest, ALostListenerConnectsAgainReportsAGapAndHearsWhatFollows) {
    PostgresGameRepository store(server().conninfo());
    PostgresEventBus bus(server().conninfo(),
                         {std::chrono::milliseconds(5000), std::chrono::milliseconds(20)});
    Heard heard(bus);
    HeardLobby heard_lobby(bus);
    int first_pid = bus.listener_pid();
    ASSERT_NE(first_pid, 0);

    PostgresConnection admin(server().conninfo());
    admin.execute("SELECT pg_terminate_backend($1)", PostgresParams().add(std::int64_t(first_pid)));
    EXPECT_EQ(heard.gaps(1), 1);
    EXPECT_EQ(heard_lobby.gaps(1), 1); // the lobby reads its seeks again too
    EXPECT_EQ(bus.reconnections(), 1);
    EXPECT_NE(bus.listener_pid(), first_pid);

    GameRecord game = a_game();
    store.insert(game);
    std::vector<GameChanged> expected = {{game.id, 0}};
    EXPECT_EQ(heard.changes(1), expected);
}

TEST_F(PostgresEventBusTest, ADatabaseThatIsDownAndBackIsAGapOnceListeningAgain) {
    PostgresEventBus bus(server().conninfo(),
                         {std::chrono::milliseconds(5000), std::chrono::milliseconds(20)});
    Heard heard(bus);
    server().kill();
    server().start();
    EXPECT_EQ(heard.gaps(1), 1);
    PostgresGameRepository store(server().conninfo());
    GameRecord game = a_game();
    store.insert(game);
    std::vector<GameChanged> expected = {{game.id, 0}};
    EXPECT_EQ(heard.changes(1), expected);
}

} // namespace
} // namespace evo::app::testing
