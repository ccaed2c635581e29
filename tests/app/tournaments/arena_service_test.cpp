// The arena service (docs/tournaments.md, "The arena service") on a temporary SQLite database
// and a clock moved by hand: an event starts at its hour, pairs its waiting players in waves
// into ordinary online games made for it, notes their results, never pairs a withdrawn player,
// and finishes at its end, where a game still running counts nothing; its standings equal
// lichess's scoring counted independently here. Impossible settings and actions get clear
// refusals, and of two processes on one database only the lease's holder pairs.
#include "../http/api_test_server.h"
#include "../lobby/lobby_test_support.h"
#include "app/common/api_error.h"
#include "app/http/stream_text.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/arena_repository.h"
#include "app/storage/sqlite/game_repository.h"
#include "app/tournaments/arena_service.h"
#include "core/variant.h"

#include <gtest/gtest.h>

#include <map>

namespace evo::app::testing {
namespace {

ArenaServiceOptions holder_options(const std::string& holder) {
    ArenaServiceOptions options;
    options.holder = holder;
    return options;
}

class ArenaServiceTest : public ::testing::Test {
  protected:
    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }

    AccountRecord account(const std::string& name, bool bot = false) {
        AccountRecord record;
        record.name = name;
        record.password_hash = "x";
        EXPECT_TRUE(accounts_store_.create(record));
        if (bot) accounts_store_.make_bot(record.id), record.bot = true;
        return record;
    }

    ArenaRequest blitz(int minutes = 10) {
        ArenaRequest request;
        request.variant = "chess";
        request.clock = {180, 0};
        request.minutes = minutes;
        request.wait_minutes = 0;
        return request;
    }

    // The seat token of `key` in game `id`.
    std::string token_of(std::int64_t id, const std::string& key) {
        auto game = games_.stored_game(id);
        for (Color side : {White, Black})
            if (game->seat_players[std::size_t(side)]->key == key)
                return game->seats.tokens[std::size_t(side)];
        ADD_FAILURE() << key << " does not play game " << id;
        return "";
    }

    // Plays two plies, then `loser` resigns.
    void lose(std::int64_t game, const std::string& loser) {
        auto record = games_.stored_game(game);
        std::string white = token_of(game, record->seat_players[0]->key);
        std::string black = token_of(game, record->seat_players[1]->key);
        games_.play(game, PlayCommand{{"e2e4"}, {}, 0}, Actor::requester(white));
        games_.play(game, PlayCommand{{"e7e5"}, {}, 0}, Actor::requester(black));
        games_.resign(game, ResignCommand{}, Actor::requester(token_of(game, loser)));
    }

    std::vector<GameListing> running(std::int64_t arena) {
        std::vector<GameListing> games;
        for (const GameListing& game : arenas_.games(arena))
            if (!game.summary.result) games.push_back(game);
        return games;
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteAccountRepository accounts_store_{database()};
    SqliteArenaRepository arenas_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text()};
    ArenaService arenas_{arenas_store_, games_, &accounts_store_, clock_,
                         holder_options("process-a")};
};

// lichess's points for a sequence of wins and losses (no draws, no berserk), counted here by
// its own words: a win is 2, or 4 when the player's two previous games were both wins.
int lichess_points(const std::vector<bool>& wins) {
    int points = 0;
    for (std::size_t i = 0; i < wins.size(); ++i) {
        if (!wins[i]) continue;
        bool on_fire = i >= 2 && wins[i - 1] && wins[i - 2];
        points += on_fire ? 4 : 2;
    }
    return points;
}

TEST_F(ArenaServiceTest, AnArenaStartsPairsScoresAndFinishesOnItsOwn) {
    AccountRecord maker = account("Maker");
    std::vector<AccountRecord> players = {account("Ann"), account("Bob"), account("Cy"),
                                          account("Dee")};
    ArenaRequest request = blitz(10);
    request.wait_minutes = 1;
    ArenaRecord made = arenas_.create(request, maker);
    EXPECT_EQ(made.name, "Chess Arena");
    for (const AccountRecord& player : players) arenas_.join(made.id, player);

    EXPECT_TRUE(arenas_.tick());
    EXPECT_EQ(arenas_.view(made.id).record.status, ArenaStatus::Created); // not its hour yet
    EXPECT_TRUE(arenas_.games(made.id).empty());
    clock_.advance(60'000);
    arenas_.tick();
    EXPECT_EQ(arenas_.view(made.id).record.status, ArenaStatus::Started);
    ASSERT_EQ(running(made.id).size(), 2u); // the first wave pairs everyone at once

    // Rounds: in each game the player who joined later loses; the wins are tallied here.
    std::map<std::string, std::vector<bool>> wins;
    std::map<std::string, std::string> last_opponent;
    for (int round = 0; round < 5; ++round) {
        std::vector<GameListing> games = running(made.id);
        ASSERT_EQ(games.size(), 2u) << "round " << round;
        for (const GameListing& game : games) {
            const std::string white = game.seat_players[0]->key;
            const std::string black = game.seat_players[1]->key;
            // No immediate rematch (P2).
            if (last_opponent.count(white)) {
                EXPECT_NE(last_opponent[white], black);
            }
            last_opponent[white] = black;
            last_opponent[black] = white;
            const std::string& loser = white > black ? white : black;
            lose(game.id, loser);
            wins[white].push_back(white != loser);
            wins[black].push_back(black != loser);
        }
        clock_.advance(1'000);
        arenas_.tick(); // notes the results; four waiting of four: a wave at once
    }
    // A game still running at the end counts nothing.
    ASSERT_EQ(running(made.id).size(), 2u);
    clock_.advance(10 * 60'000);
    arenas_.tick();
    ArenaView view = arenas_.view(made.id);
    EXPECT_EQ(view.record.status, ArenaStatus::Finished);
    for (const GameListing& game : running(made.id)) lose(game.id, game.seat_players[0]->key);
    clock_.advance(1'000);
    arenas_.tick();

    view = arenas_.view(made.id);
    ASSERT_EQ(view.standings.size(), 4u);
    int previous = 1 << 30;
    for (const StandingRow& row : view.standings) {
        EXPECT_EQ(row.sheet.total, lichess_points(wins[row.entrant.player])) << row.entrant.name;
        EXPECT_EQ(row.games, 5) << row.entrant.name;
        EXPECT_LE(row.sheet.total, previous);
        previous = row.sheet.total;
    }
    EXPECT_EQ(arenas_.games(made.id).size(), 12u); // 6 waves of two games
    // Tournament games are ordinary online games made for the event.
    auto first = games_.stored_game(arenas_.games(made.id).front().id);
    EXPECT_EQ(first->made_for, "tournament:" + std::to_string(made.id));
    EXPECT_TRUE(first->rated);
    EXPECT_TRUE(first->online);
}

TEST_F(ArenaServiceTest, AWithdrawnPlayerIsNotPairedUntilTheyJoinAgain) {
    AccountRecord maker = account("Maker");
    AccountRecord ann = account("Ann"), bob = account("Bob"), cy = account("Cy");
    ArenaRecord made = arenas_.create(blitz(), maker);
    arenas_.join(made.id, ann);
    arenas_.join(made.id, bob);
    arenas_.join(made.id, cy);
    arenas_.withdraw(made.id, cy);
    arenas_.tick();
    std::vector<GameListing> games = running(made.id);
    ASSERT_EQ(games.size(), 1u);
    for (const auto& seat : games[0].seat_players) EXPECT_NE(seat->key, account_owner_key(cy.id));
    EXPECT_EQ(refusal_of([&] { arenas_.withdraw(made.id, cy); }), ErrorKind::BadRequest);

    arenas_.join(made.id, cy); // back: paired with whoever waits
    lose(games[0].id, account_owner_key(bob.id));
    clock_.advance(1'000);
    arenas_.tick();
    games = running(made.id);
    ASSERT_EQ(games.size(), 1u);
    bool cy_plays = false;
    for (const auto& seat : games[0].seat_players)
        cy_plays = cy_plays || seat->key == account_owner_key(cy.id);
    EXPECT_TRUE(cy_plays);
    // The players' own view names their game and seat.
    ArenaView view = arenas_.view(made.id, account_owner_key(cy.id));
    ASSERT_TRUE(view.viewer_game);
    EXPECT_EQ(*view.viewer_game, games[0].id);
    EXPECT_EQ(view.viewer_token, token_of(games[0].id, account_owner_key(cy.id)));
    EXPECT_EQ(view.active_players, 3);
}

TEST_F(ArenaServiceTest, ImpossibleSettingsAndActionsAreRefusedClearly) {
    AccountRecord maker = account("Maker");
    AccountRecord other = account("Other");
    AccountRecord bot = account("Robot", true);
    auto refused = [&](const std::function<void(ArenaRequest&)>& change) {
        ArenaRequest request = blitz();
        change(request);
        return refusal_of([&] { arenas_.create(request, maker); });
    };
    EXPECT_EQ(refused([](ArenaRequest& r) { r.minutes = 0; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.minutes = 721; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.clock = {0, 0}; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.clock = {0, 2}; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.clock = {180, 181}; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.variant = "nonesuch"; }), ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.name = std::string(31, 'x'); }),
              ErrorKind::BadRequest);
    EXPECT_EQ(refused([&](ArenaRequest& r) { r.starts_ms = clock_.now_ms() - 3'600'000; }),
              ErrorKind::BadRequest);
    EXPECT_EQ(refused([](ArenaRequest& r) { r.wait_minutes = -1; }), ErrorKind::BadRequest);

    ArenaRecord made = arenas_.create(blitz(1), maker);
    EXPECT_EQ(refusal_of([&] { arenas_.join(made.id, bot); }), ErrorKind::Forbidden);
    EXPECT_EQ(refusal_of([&] { arenas_.terminate(made.id, other); }), ErrorKind::Forbidden);
    EXPECT_EQ(refusal_of([&] { arenas_.view(made.id + 100); }), ErrorKind::NotFound);
    arenas_.terminate(made.id, maker);
    EXPECT_EQ(arenas_.view(made.id).record.status, ArenaStatus::Finished);
    EXPECT_EQ(refusal_of([&] { arenas_.join(made.id, other); }), ErrorKind::BadRequest);
    EXPECT_EQ(refusal_of([&] { arenas_.withdraw(made.id, other); }), ErrorKind::BadRequest);
    EXPECT_EQ(refusal_of([&] { arenas_.terminate(made.id, maker); }), ErrorKind::BadRequest);

    ArenaRequest with_bots = blitz();
    with_bots.allow_bots = true;
    ArenaRecord open_to_bots = arenas_.create(with_bots, maker);
    arenas_.join(open_to_bots.id, bot);
    EXPECT_TRUE(arenas_.view(open_to_bots.id).standings.at(0).entrant.bot);
}

TEST_F(ArenaServiceTest, OfTwoProcessesOnOneDatabaseOnlyTheLeaseHolderPairs) {
    SqliteGameRepository other_games_store(database());
    SqliteArenaRepository other_arenas_store(database());
    GameService other_games(other_games_store, {}, clock_, stream_text());
    ArenaService other(other_arenas_store, other_games, &accounts_store_, clock_,
                       holder_options("process-b"));
    AccountRecord maker = account("Maker");
    ArenaRecord made = arenas_.create(blitz(), maker);
    for (const char* name : {"Ann", "Bob", "Cy", "Dee"}) arenas_.join(made.id, account(name));

    EXPECT_TRUE(arenas_.tick());
    EXPECT_FALSE(other.tick());
    EXPECT_EQ(arenas_.games(made.id).size(), 2u);
    for (int i = 0; i < 5; ++i) {
        clock_.advance(1'000);
        EXPECT_FALSE(other.tick());
        EXPECT_TRUE(arenas_.tick());
    }
    EXPECT_EQ(arenas_.games(made.id).size(), 2u); // nobody paired twice

    // The holder stops (killed): once its lease lapses, the other takes over and goes on
    // from the database alone.
    std::vector<GameListing> games = running(made.id);
    for (const GameListing& game : games) lose(game.id, game.seat_players[1]->key);
    clock_.advance(5'000);
    EXPECT_FALSE(other.tick()); // the lease (10 s) still runs
    clock_.advance(6'000);
    EXPECT_TRUE(other.tick());
    EXPECT_EQ(other.view(made.id).standings.at(0).sheet.total, 2);
    EXPECT_EQ(arenas_.games(made.id).size(), 4u); // the next wave, made once
    EXPECT_FALSE(arenas_.tick());
}

// Berserk (arena_berserk.h) on a real game: before one's own first move, once; half the base
// off and no increment; a berserk win of 14 plies or more scores one point more; an event
// without berserk refuses it.
TEST_F(ArenaServiceTest, APlayerGoesBerserkOnceBeforeTheirFirstMoveAndScoresAPointMore) {
    AccountRecord maker = account("Maker");
    ArenaRequest request = blitz();
    request.clock = {180, 2};
    ArenaRecord made = arenas_.create(request, maker);
    arenas_.join(made.id, account("Ann"));
    arenas_.join(made.id, account("Bob"));
    arenas_.tick();
    std::vector<GameListing> games = running(made.id);
    ASSERT_EQ(games.size(), 1u);
    const std::int64_t game = games[0].id;
    const std::string white = token_of(game, games[0].seat_players[0]->key);
    const std::string black = token_of(game, games[0].seat_players[1]->key);

    GameView view = arenas_.berserk(game, Actor::requester(black));
    ASSERT_TRUE(view.clock);
    EXPECT_EQ(view.clock->remaining_ms[1], 90'000);
    EXPECT_EQ(view.clock->remaining_ms[0], 180'000);
    EXPECT_TRUE(view.clock->berserked[1]);
    EXPECT_TRUE(view.clock->berserk_allowed);
    EXPECT_THROW(arenas_.berserk(game, Actor::requester(black)), ApiError); // twice
    const char* moves[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3",
                           "f8c5", "b1c3", "d7d6", "c1g5", "h7h6", "g5h4", "g7g5"};
    for (int ply = 0; ply < 14; ++ply) {
        games_.play(game, PlayCommand{{moves[ply]}, {}, 0},
                    Actor::requester(ply % 2 == 0 ? white : black));
        if (ply == 0) {
            try {
                arenas_.berserk(game, Actor::requester(white));
                ADD_FAILURE() << "a berserk after one's own first move";
            } catch (const ApiError& refusal) {
                EXPECT_EQ(refusal.kind(), ErrorKind::BadRequest);
                EXPECT_STREQ(refusal.what(), "berserk only before your first move");
            }
        }
    }
    EXPECT_EQ(games_.stored_game(game)->clock->settings.increment_ms, 2'000);
    games_.resign(game, ResignCommand{}, Actor::requester(white));
    arenas_.tick();
    ArenaView standings = arenas_.view(made.id);
    ASSERT_EQ(standings.standings.size(), 2u);
    EXPECT_EQ(standings.standings[0].entrant.player, games[0].seat_players[1]->key);
    EXPECT_EQ(standings.standings[0].sheet.total, 3); // 2 for the win, 1 for the berserk
    EXPECT_EQ(standings.standings[1].sheet.total, 0);
    EXPECT_THROW(arenas_.berserk(game, Actor::requester(white)), ApiError); // over

    ArenaRequest calm = blitz();
    calm.berserkable = false;
    ArenaRecord without = arenas_.create(calm, maker);
    arenas_.join(without.id, account("Cy"));
    arenas_.join(without.id, account("Dee"));
    arenas_.tick();
    std::vector<GameListing> calm_games = running(without.id);
    ASSERT_EQ(calm_games.size(), 1u);
    EXPECT_FALSE(games_.stored_game(calm_games[0].id)->clock->berserk_allowed);
    try {
        arenas_.berserk(
            calm_games[0].id,
            Actor::requester(token_of(calm_games[0].id, calm_games[0].seat_players[0]->key)));
        ADD_FAILURE() << "a berserk where the event allows none";
    } catch (const ApiError& refusal) {
        EXPECT_STREQ(refusal.what(), "this game allows no berserk");
    }
    EXPECT_THROW(arenas_.berserk(999'999, Actor::requester(white)), ApiError); // no such game
}

// The site's own events (arena_schedule.h): the holder of the lease announces each once, a
// restart or another process finds it stored and adds none, and at its hour it starts and
// pairs who joined, with nobody's hand on it.
TEST_F(ArenaServiceTest, AScheduledArenaIsAnnouncedOnceAndRunsOnItsOwn) {
    ScheduledArena hourly;
    hourly.key = "hourly";
    hourly.variants = {"evochess", "chess"};
    hourly.settings.clock = {60, 0};
    hourly.settings.minutes = 30;
    hourly.announce_ms = 2 * 3'600'000;
    ArenaServiceOptions options = holder_options("process-s");
    options.schedule = {hourly};
    // At 08:00:01 UTC (08:00 has passed): the events of 09:00 and 10:00, not 11:00.
    clock_.advance(1'000);
    ArenaService scheduled(arenas_store_, games_, &accounts_store_, clock_, options);
    ASSERT_TRUE(scheduled.tick());
    std::vector<ArenaRecord> created = scheduled.list().created;
    ASSERT_EQ(created.size(), 2u);
    EXPECT_EQ(created[0].starts_ms, 1'800'003'600'000); // 09:00
    EXPECT_EQ(created[1].starts_ms, 1'800'007'200'000); // 10:00 is just inside two hours
    EXPECT_EQ(created[0].created_by_name, "evochess");
    EXPECT_NE(created[0].variant, created[1].variant); // the rotation
    EXPECT_EQ(created[0].name,
              "Hourly " + std::string(find_variant(created[0].variant)->display_name));
    EXPECT_FALSE(created[0].schedule_key.empty());

    // Again, and from a new process once the lease has lapsed: nothing more.
    scheduled.tick();
    clock_.advance(11'000);
    ArenaService restarted(arenas_store_, games_, &accounts_store_, clock_, [&] {
        ArenaServiceOptions again = options;
        again.holder = "process-t";
        return again;
    }());
    ASSERT_TRUE(restarted.tick());
    EXPECT_EQ(restarted.list().created.size(), 2u);

    // Nobody may end it (it has no maker); players join; at 09:00 it starts and pairs them.
    AccountRecord ann = account("Ann");
    AccountRecord bob = account("Bob");
    EXPECT_THROW(restarted.terminate(created[0].id, ann), ApiError);
    restarted.join(created[0].id, ann);
    restarted.join(created[0].id, bob);
    clock_.advance(3'600'000 - 11'000); // 09:00:01
    ASSERT_TRUE(restarted.tick());
    ArenaView view = restarted.view(created[0].id);
    EXPECT_EQ(view.record.status, ArenaStatus::Started);
    EXPECT_EQ(view.running_games.size(), 1u);
    // The next hour's event (11:00) is announced now, once.
    EXPECT_EQ(restarted.list().created.size(), 2u);
    EXPECT_EQ(restarted.list().created.back().starts_ms, 1'800'010'800'000);
}

} // namespace
} // namespace evo::app::testing
