// Auto pairing (docs/api.md "Auto pairing"): an entry of several variants and clocks pairs at
// once with an open seek or another player's entry asking one of its games, or waits for one;
// a plain seek posted later pairs with a waiting entry, two plain seeks still wait for a
// person; accepting one seek of an entry withdraws the rest; the rating range, rated and
// account rules keep apart what a person could not accept; and two accepts of two seeks of
// one entry at once, on two processes, make one game.
#include "app/http/stream_text.h"
#include "lobby_test_support.h"

#include <thread>

namespace evo::app::testing {
namespace {

using nlohmann::json;

json clock_of(int minutes, int increment_seconds) {
    return {{"initial_ms", minutes * 60000}, {"increment_ms", increment_seconds * 1000}};
}

json combination(const std::string& variant, int minutes, int increment_seconds) {
    return {{"variant", variant}, {"clock", clock_of(minutes, increment_seconds)}};
}

class AutoPairingTest : public SeekServiceFixture {
  protected:
    json entry(const Player& player, json combinations, json extra = json::object()) {
        extra["combinations"] = std::move(combinations);
        return auto_pairing_made_json(seeks_.create_auto(auto_pairing_request(extra), player, "P"));
    }
};

TEST_F(AutoPairingTest, AnEntryPairsAtOnceWithAnOpenSeekOfOneOfItsGames) {
    std::int64_t seek = create({{"variant", "chess"}, {"clock", clock_of(5, 3)}, {"colour", "w"}},
                               visitor("a"), "A")
                            .at("id");
    json made = entry(visitor("b"), {combination("evochess", 3, 2), combination("chess", 5, 3)});
    ASSERT_FALSE(made.at("game").is_null()) << made.dump();
    EXPECT_EQ(made.at("seeks").size(), 2u);
    json game = made.at("game");
    EXPECT_EQ(game.at("variant"), "chess");
    EXPECT_EQ(game.at("seat").at("colour"), "b"); // the seek's maker asked for White
    EXPECT_EQ(get(seek, visitor("a")).at("game_id"), game.at("id"));
    EXPECT_TRUE(list().empty()); // the entry's other seek withdrawn
}

TEST_F(AutoPairingTest, TwoEntriesPairOnTheirCommonGame) {
    json first = entry(visitor("a"), {combination("evochess", 3, 2), combination("chess", 5, 3)});
    EXPECT_TRUE(first.at("game").is_null());
    json listed = list();
    ASSERT_EQ(listed.size(), 2u);
    EXPECT_EQ(listed[0].at("auto"), first.at("auto"));
    EXPECT_EQ(listed[1].at("auto"), first.at("auto"));

    json second = entry(visitor("b"), {combination("chess", 10, 5), combination("chess", 5, 3)});
    ASSERT_FALSE(second.at("game").is_null());
    EXPECT_EQ(second.at("game").at("variant"), "chess");
    EXPECT_EQ(second.at("game").at("clock").at("initial_ms"), 300000);
    EXPECT_TRUE(list().empty());
    EXPECT_EQ(games_.list(10, 0).size(), 1u);
}

TEST_F(AutoPairingTest, ASeekPostedLaterPairsWithAWaitingEntryTwoSeeksStillWaitForAPerson) {
    entry(visitor("a"), {combination("chess", 5, 3)});
    json made = create({{"variant", "chess"}, {"clock", clock_of(5, 3)}, {"colour", "b"}},
                       visitor("b"), "B");
    ASSERT_TRUE(made.contains("game")) << made.dump();
    EXPECT_EQ(made.at("game").at("seat").at("colour"), "b"); // its maker's colour kept
    EXPECT_TRUE(list().empty());

    json plain = {{"variant", "chess"}, {"clock", clock_of(3, 2)}};
    EXPECT_FALSE(create(plain, visitor("c"), "C").contains("game"));
    EXPECT_FALSE(create(plain, visitor("d"), "D").contains("game"));
    EXPECT_EQ(list().size(), 2u);
}

TEST_F(AutoPairingTest, AcceptingOneSeekOfAnEntryWithdrawsTheRest) {
    json made = entry(visitor("a"), {combination("evochess", 3, 2), combination("chess", 5, 3),
                                     combination("chess", 10, 5)});
    ASSERT_EQ(list().size(), 3u);
    std::int64_t middle = made.at("seeks")[1];
    json game = accept(middle, visitor("c"));
    EXPECT_EQ(game.at("variant"), "chess");
    EXPECT_TRUE(list().empty());
    EXPECT_EQ(refusal_of([&] { accept(made.at("seeks")[2], visitor("d")); }), ErrorKind::NotFound);
}

TEST_F(AutoPairingTest, AWaitingPlayerWhoAcceptsASeekLeavesTheirEntry) {
    entry(visitor("a"), {combination("evochess", 3, 2)});
    std::int64_t seek = create({{"variant", "chess"}}, visitor("b"), "B").at("id");
    accept(seek, visitor("a"));
    EXPECT_TRUE(list().empty());
}

TEST_F(AutoPairingTest, NoPairingAcrossTheRatingRatedAndAccountRules) {
    // Everyone here has the initial rating, 1500.
    entry(visitor("a"), {combination("chess", 5, 3)}, {{"rating_range", {1600, 1800}}});
    entry(visitor("b"), {combination("chess", 5, 3)});
    EXPECT_EQ(list().size(), 2u);
    entry(visitor("c"), {combination("chess", 10, 5)});
    create({{"variant", "chess"}, {"clock", clock_of(10, 5)}, {"rating_range", {0, 1400}}},
           visitor("d"), "D");
    EXPECT_EQ(list().size(), 4u);

    EXPECT_EQ(refusal_of([&] {
                  entry(visitor("e"), {combination("chess", 3, 2)}, {{"rated", true}});
              }),
              ErrorKind::Forbidden);
    json days = {{"variant", "chess"}, {"clock", {{"days_per_move", 3}}}};
    EXPECT_EQ(refusal_of([&] { entry(visitor("e"), {days}); }), ErrorKind::Forbidden);
    // A rated entry and a casual one ask for different games; two rated ones pair.
    EXPECT_TRUE(
        entry(account(1), {combination("chess", 3, 2)}, {{"rated", true}}).at("game").is_null());
    EXPECT_TRUE(entry(account(2), {combination("chess", 3, 2)}).at("game").is_null());
    json rated = entry(account(3), {combination("chess", 3, 2)}, {{"rated", true}});
    ASSERT_FALSE(rated.at("game").is_null());
    EXPECT_EQ(rated.at("game").at("rated"), true);
}

TEST_F(AutoPairingTest, AnEntryIsCancelledWholeByItsMakerAndOneWaitsAtATime) {
    json made = entry(visitor("a"), {combination("evochess", 3, 2), combination("chess", 5, 3)});
    EXPECT_EQ(refusal_of([&] { entry(visitor("a"), {combination("chess", 1, 0)}); }),
              ErrorKind::Conflict);
    std::int64_t group = made.at("auto");
    EXPECT_EQ(refusal_of([&] { seeks_.cancel_auto(group, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(json(seeks_.cancel_auto(group, visitor("a"))), made.at("seeks"));
    EXPECT_TRUE(list().empty());
    EXPECT_EQ(refusal_of([&] { seeks_.cancel_auto(group, visitor("a")); }), ErrorKind::NotFound);
    for (json bad : {json::array(), json("chess"), json{json{{"variant", "nonesuch"}}},
                     json{json{{"clock", "fast"}}}})
        EXPECT_EQ(refusal_of([&] { entry(visitor("a"), bad); }), ErrorKind::BadRequest) << bad;
}

TEST_F(AutoPairingTest, TwoAcceptsOfTwoSeeksOfOneEntryAtOnceMakeOneGame) {
    SqliteGameRepository other_games_store(database());
    SqliteSeekRepository other_seeks_store(database());
    GameService other_games(other_games_store, {}, clock_, stream_text());
    SeekService other(other_seeks_store, other_games, clock_);
    for (int round = 0; round < 5; ++round) {
        json made = entry(visitor(std::to_string(round) + "-a"),
                          {combination("evochess", 3, 2), combination("chess", 5, 3)});
        std::int64_t first = made.at("seeks")[0], second = made.at("seeks")[1];
        std::atomic<int> games{0}, conflicts{0};
        auto accept = [&](SeekService& service, std::int64_t id, const std::string& who) {
            try {
                service.accept(id, visitor(who));
                ++games;
            } catch (const ApiError& error) {
                if (error.kind() == ErrorKind::Conflict || error.kind() == ErrorKind::NotFound)
                    ++conflicts;
            }
        };
        std::thread racer([&] { accept(other, second, std::to_string(round) + "-c"); });
        accept(seeks_, first, std::to_string(round) + "-b");
        racer.join();
        EXPECT_EQ(games.load(), 1);
        EXPECT_EQ(conflicts.load(), 1);
        EXPECT_TRUE(list().empty());
    }
    EXPECT_EQ(games_.list(10, 0).size(), 5u);
}

} // namespace
} // namespace evo::app::testing
