// The lobby's seeks (docs/api.md, "Seeks"): made, listed, cancelled by their maker only,
// accepted once into an online game with both seats taken, even by two server processes
// sharing one database; your own seek, too many seeks, rated games without accounts and
// rated games of variants from a file are refused.
#include "app/http/stream_text.h"
#include "app/storage/sqlite/account_repository.h"
#include "lobby_test_support.h"

#include <limits>

namespace evo::app::testing {
namespace {

using nlohmann::json;

using SeekServiceTest = SeekServiceFixture;

TEST_F(SeekServiceTest, AnAcceptedSeekIsAGameWithBothSeatsTaken) {
    json made = create({{"variant", "evochess"},
                        {"clock", {{"initial_ms", 180000}, {"increment_ms", 2000}}},
                        {"colour", "w"}},
                       visitor("a"), "Anonymous AAAA");
    std::int64_t id = made.at("id");
    json listed = list();
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].at("name"), "Anonymous AAAA");
    EXPECT_EQ(listed[0].at("clock").at("increment_ms"), 2000);

    EXPECT_EQ(refusal_of([&] { accept(id, visitor("a")); }), ErrorKind::Forbidden);
    json game = accept(id, visitor("b"));
    EXPECT_EQ(game.at("seat").at("colour"), "b"); // the maker asked for White
    EXPECT_EQ(game.at("seats"), (json{{"w", true}, {"b", true}}));
    EXPECT_EQ(game.at("variant"), "evochess");
    EXPECT_EQ(refusal_of([&] { accept(id, visitor("c")); }), ErrorKind::Conflict);
    EXPECT_TRUE(list().empty());

    // The maker finds the game and their seat; nobody else does.
    json mine = get(id, visitor("a"));
    EXPECT_EQ(mine.at("game_id"), game.at("id"));
    GameView seated =
        games_.get(mine.at("game_id"), Actor::requester(mine.at("token").get<std::string>()));
    ASSERT_TRUE(seated.seat);
    EXPECT_EQ(seated.seat->colour, White);
    EXPECT_FALSE(get(id, visitor("c")).contains("token"));
}

TEST_F(SeekServiceTest, TwoProcessesAcceptingOneSeekMakeOneGame) {
    SqliteGameRepository other_games_store(database());
    SqliteSeekRepository other_seeks_store(database());
    GameService other_games(other_games_store, {}, clock_, stream_text());
    SeekService other(other_seeks_store, other_games, clock_);
    std::int64_t id = create(json::object(), visitor("a"), "A").at("id");
    EXPECT_EQ(other.list().size(), 1u); // made on one, seen on the other
    accept(id, visitor("b"));
    EXPECT_EQ(refusal_of([&] { other.accept(id, visitor("c")); }), ErrorKind::Conflict);
    EXPECT_EQ(games_.list(10, 0).size(), 1u);
}

TEST_F(SeekServiceTest, OnlyItsMakerCancelsASeek) {
    std::int64_t id = create(json::object(), visitor("a"), "A").at("id");
    EXPECT_EQ(refusal_of([&] { seeks_.cancel(id, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(seeks_.cancel(id, visitor("a")), id);
    EXPECT_EQ(refusal_of([&] { accept(id, visitor("b")); }), ErrorKind::NotFound);
}

TEST_F(SeekServiceTest, RefusedSeeks) {
    EXPECT_EQ(refusal_of([&] { create(json::object(), Player{}, ""); }), ErrorKind::Unauthorized);
    EXPECT_EQ(refusal_of([&] {
                  create({{"rated", true}}, visitor("a"), "A");
              }),
              ErrorKind::Forbidden);
    EXPECT_EQ(create({{"rated", true}}, account(1), "ada").size(), 1u);
    std::int64_t rated = list()[0].at("id");
    EXPECT_EQ(refusal_of([&] { accept(rated, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(refusal_of([&] {
                  create({{"variant", "nonesuch"}}, visitor("a"), "A");
              }),
              ErrorKind::BadRequest);
    for (int i = 0; i < SeekService::default_open_seeks_per_player; ++i)
        create(json::object(), visitor("a"), "A");
    EXPECT_EQ(refusal_of([&] { create(json::object(), visitor("a"), "A"); }),
              ErrorKind::RateLimited);
}

// Issue 18: the service takes a typed request and answers typed results; the JSON edge
// writes the fields docs/api.md documents, the maker's seat to the maker alone.
TEST_F(SeekServiceTest, TheServiceAnswersTypedSeeksAndTheEdgeWritesTheDocumentedFields) {
    GameOffer offer;
    offer.variant = "evochess";
    offer.clock_initial_ms = 180000;
    offer.clock_increment_ms = 2000;
    offer.colour = ColourChoice::Black;
    SeekMade made = seeks_.create({offer, RatingRange{1400, 1600}}, visitor("a"), "A");
    EXPECT_FALSE(made.game);
    EXPECT_EQ(seek_made_json(made), (json{{"id", made.id}}));
    std::vector<SeekView> open = seeks_.list();
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].seek.id, made.id);
    EXPECT_EQ(open[0].seek.variant, "evochess");
    EXPECT_EQ(open[0].seek.rating_min, 1400);
    EXPECT_FALSE(open[0].rating); // no accounts: no rating
    json written = seek_view_json(open[0]);
    std::vector<std::string> fields;
    for (const auto& [field, value] : written.items()) fields.push_back(field);
    EXPECT_EQ(fields, (std::vector<std::string>{"auto", "clock", "colour", "created_ms", "id",
                                                "name", "provisional", "rated", "rating",
                                                "rating_range", "variant"}));
    EXPECT_EQ(written.at("clock"), (json{{"initial_ms", 180000}, {"increment_ms", 2000}}));
    EXPECT_EQ(written.at("colour"), "b");
    EXPECT_EQ(written.at("rating_range"), (json{1400, 1600}));
    EXPECT_TRUE(written.at("rating").is_null());

    GameView game = seeks_.accept(made.id, visitor("b"));
    ASSERT_TRUE(game.seat);
    EXPECT_EQ(game.seat->colour, White); // the maker asked for Black
    SeekDetail mine = seeks_.get(made.id, visitor("a"));
    EXPECT_TRUE(mine.accepted);
    EXPECT_EQ(mine.game_id, game.id);
    ASSERT_TRUE(mine.token);
    EXPECT_EQ(seek_detail_json(mine).at("token"), *mine.token);
    SeekDetail theirs = seeks_.get(made.id, visitor("b"));
    EXPECT_TRUE(theirs.accepted);
    EXPECT_FALSE(theirs.token);
    EXPECT_FALSE(seek_detail_json(theirs).contains("token"));
    EXPECT_FALSE(seek_detail_json(theirs).contains("game_id"));

    // A typed request is checked as the JSON one is: a rating range out of scale, an entry
    // of no game, an unknown variant.
    EXPECT_EQ(refusal_of([&] {
                  seeks_.create({offer, RatingRange{1600, 1400}}, visitor("c"), "");
              }),
              ErrorKind::BadRequest);
    EXPECT_EQ(refusal_of([&] { seeks_.create_auto({}, visitor("c"), ""); }), ErrorKind::BadRequest);
    offer.variant = "nonesuch";
    EXPECT_EQ(refusal_of([&] {
                  seeks_.create({offer, std::nullopt}, visitor("c"), "");
              }),
              ErrorKind::BadRequest);
}

// A process killed between taking a seek and noting its game: the take went through, the
// note never comes.
class KilledBeforeTheGameIsNoted : public SeekRepository {
  public:
    explicit KilledBeforeTheGameIsNoted(SeekRepository& store) : store_(store) {}
    void insert(SeekRecord& record) override { store_.insert(record); }
    void insert_group(std::vector<SeekRecord>& records) override { store_.insert_group(records); }
    std::optional<SeekRecord> find(std::int64_t id) override { return store_.find(id); }
    std::vector<SeekRecord> open_seeks() override { return store_.open_seeks(); }
    int open_seeks_of(const std::string& owner) override { return store_.open_seeks_of(owner); }
    bool remove(std::int64_t id, const std::string& owner) override {
        return store_.remove(id, owner);
    }
    std::vector<std::int64_t> remove_group(std::int64_t group, const std::string& owner) override {
        return store_.remove_group(group, owner);
    }
    std::optional<std::vector<std::int64_t>>
    take_and_withdraw(std::int64_t id, const std::string& taker, std::int64_t now_ms,
                      std::optional<std::int64_t> taker_group) override {
        return store_.take_and_withdraw(id, taker, now_ms, taker_group);
    }
    bool set_game(std::int64_t, const std::string&, std::int64_t, const std::string&,
                  const std::string&) override {
        throw StorageError(StorageErrorKind::Unavailable, "the process was killed");
    }
    std::vector<std::int64_t> reopen_stalled(std::int64_t before_ms) override {
        return store_.reopen_stalled(before_ms);
    }
    void mark_seen(const std::vector<std::string>& owners, std::int64_t now_ms) override {
        store_.mark_seen(owners, now_ms);
    }
    std::vector<std::int64_t> remove_unseen(std::int64_t before_ms) override {
        return store_.remove_unseen(before_ms);
    }

  protected:
    SeekRepository& store_;
};

// A process too slow between taking a seek and noting its game: another reopened the seek
// meanwhile, so the note comes too late.
class ReopenedBeforeTheGameIsNoted : public KilledBeforeTheGameIsNoted {
  public:
    using KilledBeforeTheGameIsNoted::KilledBeforeTheGameIsNoted;
    bool set_game(std::int64_t id, const std::string& taker, std::int64_t game_id,
                  const std::string& maker_token, const std::string& taker_token) override {
        store_.reopen_stalled(std::numeric_limits<std::int64_t>::max());
        return store_.set_game(id, taker, game_id, maker_token, taker_token);
    }
};

TEST_F(SeekServiceTest, ASeekTakenByAProcessKilledMidPairingIsOpenAgainThenAcceptedOnce) {
    SqliteSeekRepository dying_store(database());
    KilledBeforeTheGameIsNoted killed(dying_store);
    SeekService dying(killed, games_, clock_);
    std::int64_t id = create(json::object(), visitor("a"), "A").at("id");
    EXPECT_THROW(dying.accept(id, visitor("b")), StorageError);
    // The dead accept made its game before it died, and nobody was told of it.
    std::vector<GameListing> made = games_store_.list(10, 0);
    ASSERT_EQ(made.size(), 1u);
    const std::int64_t untold = made[0].id;
    // Still pairing, as far as anyone can tell: a second accept now is a race lost.
    EXPECT_TRUE(list().empty());
    EXPECT_EQ(refusal_of([&] { accept(id, visitor("c")); }), ErrorKind::Conflict);

    clock_.advance(SeekService::stalled_take_ms + 1);
    ASSERT_EQ(list().size(), 1u); // reopened: not a seek taken with no game
    // ... and the game the dead accept made is gone with it: no half-made pairing.
    EXPECT_FALSE(games_store_.load(untold));
    json game = accept(id, visitor("c"));
    json mine = get(id, visitor("a"));
    EXPECT_EQ(mine.at("game_id"), game.at("id"));
    EXPECT_EQ(refusal_of([&] { accept(id, visitor("d")); }), ErrorKind::Conflict);
    made = games_store_.list(10, 0);
    ASSERT_EQ(made.size(), 1u);
    EXPECT_EQ(made[0].id, game.at("id").get<std::int64_t>());
}

TEST_F(SeekServiceTest, AGameNotedTooLateIsRemovedAndTheSeekStaysOpen) {
    SqliteSeekRepository slow_store(database());
    ReopenedBeforeTheGameIsNoted slow(slow_store);
    SeekService late(slow, games_, clock_);
    std::int64_t id = create(json::object(), visitor("a"), "A").at("id");
    EXPECT_EQ(refusal_of([&] { late.accept(id, visitor("b")); }), ErrorKind::Conflict);
    EXPECT_TRUE(games_store_.list(10, 0).empty()); // its game went with the refused note
    ASSERT_EQ(list().size(), 1u);
    json game = accept(id, visitor("c"));
    EXPECT_EQ(get(id, visitor("a")).at("game_id"), game.at("id"));
    EXPECT_EQ(games_store_.list(10, 0).size(), 1u);
}

TEST_F(SeekServiceTest, ARatingRangeKeepsOutTakersOutsideIt) {
    // Without an account a player has the initial rating, 1500.
    std::int64_t high = create({{"rating_range", {1600, 1800}}}, visitor("a"), "A").at("id");
    std::int64_t around = create({{"rating_range", {1400, 1500}}}, visitor("a"), "A").at("id");
    json listed = list();
    EXPECT_EQ(listed[0].at("rating_range"), (json{1600, 1800}));
    std::int64_t open = create(json::object(), visitor("a"), "A").at("id");
    EXPECT_TRUE(get(open, visitor("a")).at("rating_range").is_null());

    try {
        accept(high, visitor("b"));
        ADD_FAILURE() << "accepted from outside the range";
    } catch (const ApiError& error) {
        EXPECT_EQ(error.kind(), ErrorKind::Forbidden);
        EXPECT_NE(std::string(error.what()).find("1600 to 1800"), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("yours is 1500"), std::string::npos);
    }
    EXPECT_EQ(accept(around, visitor("b")).at("seats").at("w"), true);
    for (json bad : {json{1800, 1600}, json{1400}, json{-1, 1500}, json{1400, 9000},
                     json{"1400", 1500}, json("1400-1600")})
        EXPECT_EQ(refusal_of([&] {
                      create({{"rating_range", bad}}, visitor("e"), "E");
                  }),
                  ErrorKind::BadRequest)
            << bad;
}

TEST_F(SeekServiceTest, CorrespondenceSeeksAreForAccounts) {
    json days = {{"clock", {{"days_per_move", 3}}}};
    try {
        create(days, visitor("a"), "A");
        ADD_FAILURE() << "a visitor's correspondence seek";
    } catch (const ApiError& error) {
        EXPECT_EQ(error.kind(), ErrorKind::Forbidden);
        EXPECT_NE(std::string(error.what()).find("for accounts"), std::string::npos);
    }
    std::int64_t id = create(days, account(1), "ada").at("id");
    EXPECT_EQ(refusal_of([&] { accept(id, visitor("b")); }), ErrorKind::Forbidden);
    EXPECT_EQ(accept(id, account(2)).at("seats").at("b"), true);
}

// docs/bots.md: a bot account plays by challenge only; the lobby refuses its seeks, its
// auto-pairing entries and its accepts, and takes a person's.
TEST_F(SeekServiceTest, ABotAccountPlaysByChallengeOnlyNeverInTheLobby) {
    SqliteAccountRepository accounts(database());
    AccountRecord bot{0, "robot", "hash", 0};
    AccountRecord person{0, "person", "hash", 0};
    ASSERT_TRUE(accounts.create(bot));
    ASSERT_TRUE(accounts.create(person));
    ASSERT_TRUE(accounts.make_bot(bot.id));
    SeekService seeks(seeks_store_, games_, clock_, SeekService::default_open_seeks_per_player,
                      &accounts);
    Player as_bot, as_person;
    as_bot.account_key = account_owner_key(bot.id);
    as_person.account_key = account_owner_key(person.id);
    SeekRequest request;
    request.offer.variant = "chess";
    EXPECT_EQ(refusal_of([&] { seeks.create(request, as_bot, "robot"); }), ErrorKind::Forbidden);
    AutoPairingRequest entry;
    entry.offers = {request.offer};
    EXPECT_EQ(refusal_of([&] { seeks.create_auto(entry, as_bot, "robot"); }), ErrorKind::Forbidden);
    std::int64_t id = seeks.create(request, as_person, "person").id;
    EXPECT_EQ(refusal_of([&] { seeks.accept(id, as_bot, "robot"); }), ErrorKind::Forbidden);
}

} // namespace
} // namespace evo::app::testing
