// The lobby's streams (docs/api.md, "The lobby stream") on an injected clock: the open seeks
// first, each seek added and removed told to every stream, the game of an accepted seek told
// to both its players with their own seats, the whole list again after a gap in the bus's
// notices, a seek removed ("left") once its maker has had no stream for the grace time, and
// "your turn" told to the player whose turn it became in a correspondence game, and to no one
// else.
#include "../events/memory_sink.h"
#include "../http/api_test_server.h"
#include "app/http/game_commands_json.h"
#include "app/http/game_view_json.h"
#include "lobby_test_support.h"

#include "app/events/in_memory_bus.h"
#include "app/http/lobby_json.h"
#include "app/http/stream_text.h"
#include "app/lobby/lobby.h"
#include "app/lobby/offer.h"
#include "app/lobby/seek_service.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/seek_repository.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

// A lobby stream held in memory: the messages it was sent (their JSON), and its close.
class SentMessages : public MemorySink {
  public:
    bool send(EventText text) override {
        if (!MemorySink::send(text)) return false;
        const std::string& event = *text;
        std::size_t data = event.find("data: ");
        messages.push_back(json::parse(event.substr(data + 6, event.find('\n', data) - data - 6)));
        return true;
    }

    // The messages of that type.
    std::vector<json> of_type(const std::string& type) const {
        std::vector<json> found;
        for (const json& message : messages)
            if (message.at("type") == type) found.push_back(message);
        return found;
    }
    std::vector<json> messages;
};

// Gaps told by hand: the in-memory bus never loses a notice.
class GappyBus : public InMemoryEventBus {
  public:
    void listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                      std::function<void()> on_gap) override {
        gap = on_gap;
        InMemoryEventBus::listen_lobby(std::move(on_notice), std::move(on_gap));
    }
    std::function<void()> gap;
};

class LobbyTest : public ::testing::Test {
  protected:
    static constexpr std::int64_t grace_ms = 20000;
    static constexpr std::int64_t refresh_ms = 5000;

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    static ServiceOptions on_bus(EventBus& bus) {
        ServiceOptions options;
        options.event_bus = &bus;
        return options;
    }
    std::shared_ptr<SentMessages> open(const Player& player) {
        auto stream = std::make_shared<SentMessages>();
        lobby_.open(player, stream);
        return stream;
    }
    std::int64_t seek(const Player& maker, const std::string& name) {
        return seeks_.create(seek_request({{"variant", "chess"}, {"colour", "w"}}), maker, name).id;
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    GappyBus bus_;
    SqliteGameRepository games_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    SqliteChallengeRepository challenges_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text(), on_bus(bus_)};
    SeekService seeks_{seeks_store_, games_, clock_};
    Lobby lobby_{seeks_store_, challenges_store_, games_,
                 clock_,       stream_text(),     {grace_ms, refresh_ms}};
};

TEST_F(LobbyTest, AStreamIsSentTheOpenSeeksThenEachSeekAddedAndRemoved) {
    std::int64_t before = seek(visitor("a"), "Anonymous AAAA");
    lobby_.send_due();
    auto stream = open(visitor("b"));
    ASSERT_EQ(stream->messages.size(), 1u);
    EXPECT_EQ(stream->messages[0].at("type"), "seeks");
    ASSERT_EQ(stream->messages[0].at("seeks").size(), 1u);
    EXPECT_EQ(stream->messages[0].at("seeks")[0], seek_view_json(seeks_.list()[0]));

    std::int64_t added = seek(visitor("c"), "Anonymous CCCC");
    lobby_.send_due();
    seeks_.cancel(before, visitor("a"));
    lobby_.send_due();
    ASSERT_EQ(stream->messages.size(), 3u);
    EXPECT_EQ(stream->messages[1].at("type"), "seek_added");
    EXPECT_EQ(stream->messages[1].at("seek").at("id"), added);
    EXPECT_EQ(stream->messages[1].at("seek").at("name"), "Anonymous CCCC");
    EXPECT_EQ(stream->messages[2],
              (json{{"type", "seek_removed"}, {"id", before}, {"reason", "cancelled"}}));
}

TEST_F(LobbyTest, BothPlayersOfAnAcceptedSeekAreToldTheGameWithTheirOwnSeat) {
    auto maker = open(visitor("a"));
    auto taker = open(visitor("b"));
    auto onlooker = open(visitor("c"));
    std::int64_t id = seek(visitor("a"), "Anonymous AAAA");
    lobby_.send_due();
    json state = game_view_json(seeks_.accept(id, visitor("b")));
    lobby_.send_due();

    json removed = {{"type", "seek_removed"}, {"id", id}, {"reason", "accepted"}};
    for (const auto& stream : {maker, taker, onlooker})
        EXPECT_EQ(stream->of_type("seek_removed"), std::vector<json>{removed});
    EXPECT_TRUE(onlooker->of_type("game").empty());
    ASSERT_EQ(maker->of_type("game").size(), 1u);
    ASSERT_EQ(taker->of_type("game").size(), 1u);
    json told_maker = maker->of_type("game")[0];
    json told_taker = taker->of_type("game")[0];
    EXPECT_EQ(told_maker.at("id"), state.at("id"));
    EXPECT_EQ(told_maker.at("variant"), "chess");
    EXPECT_EQ(told_maker.at("seat").at("colour"), "w"); // the seek's colour was the maker's
    EXPECT_EQ(told_taker.at("seat"), state.at("seat"));
    EXPECT_NE(told_maker.at("seat").at("token"), told_taker.at("seat").at("token"));
    // The maker's seat plays: it is theirs.
    GameView moved =
        games_.play(state.at("id"), play_command({{"uci", "e2e4"}}),
                    Actor::requester(told_maker.at("seat").at("token").get<std::string>()));
    EXPECT_EQ(moved.position.history.size(), 1u);
}

TEST_F(LobbyTest, AfterAGapEveryStreamIsSentTheWholeListAgain) {
    auto stream = open(visitor("b"));
    // Stored by another process whose notice was lost.
    SeekRecord unheard;
    unheard.owner = "visitor:z";
    unheard.owner_name = "Anonymous ZZZZ";
    unheard.variant = "chess";
    unheard.created_ms = clock_.now_ms();
    seeks_store_.insert(unheard);
    lobby_.send_due();
    ASSERT_EQ(stream->messages.size(), 1u);

    bus_.gap();
    lobby_.send_due();
    ASSERT_EQ(stream->messages.size(), 2u);
    EXPECT_EQ(stream->messages[1].at("type"), "seeks");
    ASSERT_EQ(stream->messages[1].at("seeks").size(), 1u);
    EXPECT_EQ(stream->messages[1].at("seeks")[0].at("id"), unheard.id);
}

TEST_F(LobbyTest, ASeekGoesWhenItsMakerHasHadNoStreamForTheGraceTime) {
    auto watcher = open(visitor("w"));
    auto maker_page = open(visitor("a"));
    std::int64_t staying = seek(visitor("a"), "Anonymous AAAA");
    std::int64_t leaving = seek(visitor("b"), "Anonymous BBBB"); // no stream of theirs
    lobby_.send_due();

    // Within the grace nothing goes; the maker with a page open is kept however long.
    clock_.advance(grace_ms - 1);
    lobby_.send_due();
    EXPECT_EQ(seeks_.list().size(), 2u);
    for (int i = 0; i < 10; ++i) {
        clock_.advance(refresh_ms);
        lobby_.send_due(); // marks the makers here seen, removes those gone
        lobby_.send_due(); // tells the removals
    }
    ASSERT_EQ(seeks_.list().size(), 1u);
    EXPECT_EQ(seeks_.list()[0].seek.id, staying);
    std::vector<json> left = {json{{"type", "seek_removed"}, {"id", leaving}, {"reason", "left"}}};
    EXPECT_EQ(watcher->of_type("seek_removed"), left);

    // The maker closes their page: their seek goes a grace time later, not before.
    clock_.advance(refresh_ms - 1);
    maker_page->close();
    EXPECT_EQ(lobby_.streams(), 1u);
    clock_.advance(grace_ms - 1);
    lobby_.send_due();
    lobby_.send_due();
    EXPECT_EQ(seeks_.list().size(), 1u);
    clock_.advance(refresh_ms);
    lobby_.send_due();
    lobby_.send_due();
    EXPECT_TRUE(seeks_.list().empty());
    EXPECT_EQ(watcher->of_type("seek_removed").back(),
              (json{{"type", "seek_removed"}, {"id", staying}, {"reason", "left"}}));
}

TEST_F(LobbyTest, AMakerBackWithinTheGraceKeepsTheirSeek) {
    std::int64_t id = seek(visitor("a"), "Anonymous AAAA");
    clock_.advance(grace_ms - 1000);
    auto back = open(visitor("a")); // a reload: seen again at once
    clock_.advance(refresh_ms);
    lobby_.send_due();
    ASSERT_EQ(seeks_.list().size(), 1u);
    EXPECT_EQ(seeks_.list()[0].seek.id, id);
}

// An online game paired between Anna (White, "visitor:a") and Bert (Black, "visitor:b") on
// a clock of `days` per move, or of five minutes when none.
PairedGame paired_game(GameService& games, std::optional<int> days) {
    json clock = days ? json{{"days_per_move", *days}}
                      : json{{"initial_ms", 5 * 60 * 1000}, {"increment_ms", 0}};
    GameOffer offer = game_offer_of({{"variant", "chess"}, {"colour", "w"}, {"clock", clock}});
    Pairing pairing{false, seat_player("a", "Anna"), seat_player("b", "Bert")};
    return make_paired_game(games, offer, "visitor:a", pairing);
}

TEST_F(LobbyTest, ThePlayerWhoseTurnItBecameInACorrespondenceGameIsToldAndNoOneElse) {
    auto anna = open(visitor("a"));
    auto bert = open(visitor("b"));
    auto onlooker = open(visitor("c"));
    PairedGame game = paired_game(games_, 3);
    lobby_.send_due();
    EXPECT_TRUE(anna->of_type("your_turn").empty()); // a new game: the game event says so

    games_.play(game.id, play_command({{"uci", "e2e4"}}), Actor::requester(game.maker_token));
    lobby_.send_due();
    EXPECT_TRUE(anna->of_type("your_turn").empty()); // she moved
    EXPECT_TRUE(onlooker->of_type("your_turn").empty());
    ASSERT_EQ(bert->of_type("your_turn").size(), 1u);
    EXPECT_EQ(bert->of_type("your_turn")[0], (json{{"type", "your_turn"},
                                                   {"id", game.id},
                                                   {"variant", "chess"},
                                                   {"colour", "b"},
                                                   {"opponent", "Anna"},
                                                   {"time_left_ms", 3 * day_ms}}));

    // A change that is not a move (a draw offer) tells nobody again.
    games_.draw(game.id, draw_command({{"action", "offer"}}), Actor::requester(game.maker_token));
    lobby_.send_due();
    EXPECT_EQ(bert->of_type("your_turn").size(), 1u);

    clock_.advance(60 * 60 * 1000);
    games_.play(game.id, play_command({{"uci", "e7e5"}}), Actor::requester(game.taker_token));
    lobby_.send_due();
    EXPECT_EQ(bert->of_type("your_turn").size(), 1u);
    ASSERT_EQ(anna->of_type("your_turn").size(), 1u);
    EXPECT_EQ(anna->of_type("your_turn")[0].at("colour"), "w");
    EXPECT_EQ(anna->of_type("your_turn")[0].at("opponent"), "Bert");
    EXPECT_TRUE(onlooker->of_type("your_turn").empty());
}

TEST_F(LobbyTest, AGameOnAFischerClockTellsNoOneItIsTheirTurn) {
    auto bert = open(visitor("b"));
    PairedGame game = paired_game(games_, std::nullopt);
    games_.play(game.id, play_command({{"uci", "e2e4"}}), Actor::requester(game.maker_token));
    lobby_.send_due();
    EXPECT_TRUE(bert->of_type("your_turn").empty());
}

TEST_F(LobbyTest, ATurnFirstHeardLongAfterItBeganIsNotTold) {
    // Another process's lobby that hears of the game only at a later change (a draw offer)
    // does not take it for a new turn.
    PairedGame game = paired_game(games_, 3);
    games_.play(game.id, play_command({{"uci", "e2e4"}}), Actor::requester(game.maker_token));
    Lobby elsewhere{seeks_store_, challenges_store_, games_,
                    clock_,       stream_text(),     {grace_ms, refresh_ms}};
    auto bert = std::make_shared<SentMessages>();
    elsewhere.open(visitor("b"), bert);
    clock_.advance(2 * 60 * 60 * 1000);
    games_.draw(game.id, draw_command({{"action", "offer"}}), Actor::requester(game.maker_token));
    elsewhere.send_due();
    EXPECT_TRUE(bert->of_type("your_turn").empty());
}

} // namespace
} // namespace evo::app::testing
