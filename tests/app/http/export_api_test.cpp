// lichess's game export over HTTP (docs/bots.md "Game export"): GET /game/export/{id} and GET
// /api/games/user/{name}, as PGN (read back by the rules core, by `evochess pgn` and, when it is
// installed, by pgn-extract) and as NDJSON of lichess's shape, for chess and EvoChess games
// played through the Board and Bot APIs; the filters, newest first over several pages, who may
// see what, 404s and clear 400s.
#include "api_test_server.h"

#include "app/accounts/api_tokens.h"
#include "app/accounts/crypto.h"
#include "app/accounts/identity.h"
#include "app/accounts/service.h"
#include "app/bots/bot_streams.h"
#include "app/http/lichess_json.h"
#include "app/http/stream_text.h"
#include "app/lobby/challenge_service.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "core/pgn.h"
#include "core/position.h"
#include "core/variant.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <thread>

namespace evo::app::testing {
namespace {

using nlohmann::json;

struct Answer {
    int status = 0;
    std::string type;
    std::string body;
};

// The JSON lines of an NDJSON body.
std::vector<json> lines_of(const std::string& body) {
    std::vector<json> lines;
    std::size_t start = 0;
    while (start < body.size()) {
        std::size_t end = body.find('\n', start);
        if (end == std::string::npos) end = body.size();
        std::string line = body.substr(start, end - start);
        start = end + 1;
        if (!line.empty()) lines.push_back(json::parse(line));
    }
    return lines;
}

std::vector<std::string> ids_of(const std::string& body) {
    std::vector<std::string> ids;
    for (const json& line : lines_of(body)) ids.push_back(line.at("id"));
    return ids;
}

// Runs a command and answers its standard output and exit status.
std::pair<std::string, int> run(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return {"", -1};
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    int status = pclose(pipe);
    return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

class ExportApiTest : public ::testing::Test {
  protected:
    ExportApiTest() {
        router_.accounts = &accounts_;
        router_.challenges = &challenges_;
        router_.api_tokens = &tokens_;
        router_.account_store = &accounts_store_;
        router_.challenge_store = &challenges_store_;
        router_.bot_streams = &streams_;
        server_.emplace(make_request_handler(games_, router_), ApiTestServer::unlimited_rate());
        port_ = server_->listen("127.0.0.1", 0);
        server_->start(2);
        streams_.start();
    }
    ~ExportApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        games_.shutdown();
        streams_.stop();
        streams_.close_streams();
        server_->stop();
    }

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }
    static ServiceOptions private_local_games() {
        ServiceOptions options;
        options.local_games_need_token = true;
        return options;
    }

    // A person's account with a token of the Board API (board:play, challenges); its session
    // cookie is kept in cookies_.
    std::string person(const std::string& name) {
        cookies_[name] =
            "evo_session=" + accounts_.create_account(name, "battery staple", "").token;
        return token(cookies_[name], {"board:play", "challenge:write", "challenge:read"});
    }
    std::string token(const std::string& cookie, const json& scopes) {
        httplib::Client client("127.0.0.1", port_);
        auto made = client.Post("/api/tokens", {{"Cookie", cookie}, {"Origin", origin()}},
                                json{{"description", "test"}, {"scopes", scopes}}.dump(),
                                "application/json");
        EXPECT_TRUE(made);
        EXPECT_EQ(made->status, 201) << made->body;
        return json::parse(made->body).at("token");
    }
    int post(const std::string& path, const std::string& token, const std::string& body = "") {
        httplib::Client client("127.0.0.1", port_);
        auto result = client.Post(path, {{"Authorization", "Bearer " + token}}, body,
                                  "application/x-www-form-urlencoded");
        EXPECT_TRUE(result);
        return result ? result->status : 0;
    }
    Answer get(const std::string& path, const std::string& accept = "",
               const std::string& cookie = "") {
        httplib::Client client("127.0.0.1", port_);
        httplib::Headers headers;
        if (!accept.empty()) headers.emplace("Accept", accept);
        if (!cookie.empty()) headers.emplace("Cookie", cookie);
        auto result = client.Get(path, headers);
        EXPECT_TRUE(result) << path;
        if (!result) return {};
        return {result->status, result->get_header_value("Content-Type"), result->body};
    }
    Answer ndjson(const std::string& path) { return get(path, "application/x-ndjson"); }

    // A game the challenger plays White in, `form` the challenge's fields; `moves` alternate
    // from White, then `resigner` (a token, or none) resigns. Answers the game's id.
    std::string play(const std::string& white, const std::string& black_name,
                     const std::string& black, const std::string& form,
                     const std::vector<std::string>& moves, const std::string& resigner = "",
                     bool bot_api_for_black = false) {
        httplib::Client client("127.0.0.1", port_);
        auto sent =
            client.Post("/api/challenge/" + black_name, {{"Authorization", "Bearer " + white}},
                        form + "&color=white", "application/x-www-form-urlencoded");
        EXPECT_TRUE(sent);
        if (!sent) return "";
        EXPECT_EQ(sent->status, 200) << sent->body;
        std::string id = json::parse(sent->body).at("id");
        EXPECT_EQ(post("/api/challenge/" + id + "/accept", black), 200);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            bool by_white = i % 2 == 0;
            std::string api =
                !by_white && bot_api_for_black ? "/api/bot/game/" : "/api/board/game/";
            EXPECT_EQ(post(api + id + "/move/" + moves[i], by_white ? white : black), 200)
                << moves[i];
        }
        if (!resigner.empty()) {
            std::string api =
                resigner == black && bot_api_for_black ? "/api/bot/game/" : "/api/board/game/";
            EXPECT_EQ(post(api + id + "/resign", resigner), 200);
        }
        return id;
    }

    TemporaryDirectory directory_;
    SystemClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteAccountRepository accounts_store_{database()};
    SqliteChallengeRepository challenges_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text(), private_local_games()};
    AccountService accounts_{accounts_store_, clock_, cheap_passwords()};
    ChallengeService challenges_{challenges_store_, accounts_store_, games_, clock_};
    ApiTokens tokens_{accounts_store_, clock_};
    LichessText text_;
    BotStreams streams_{games_, challenges_store_, accounts_store_, text_};
    RouterOptions router_;
    std::optional<HttpServer> server_;
    int port_ = 0;
    std::map<std::string, std::string> cookies_;
};

const std::vector<std::string> fools_mate = {"f2f3", "e7e5", "g2g4", "d8h4"};
const std::string blitz = "rated=true&clock.limit=180&clock.increment=2";

TEST_F(ExportApiTest, AFinishedChessGameIsPgnByDefaultAndLichessJsonOnAsking) {
    std::string alice = person("alice");
    std::string bob = person("bob");
    std::string id = play(alice, "bob", bob, blitz, fools_mate);

    Answer pgn = get("/game/export/" + id);
    ASSERT_EQ(pgn.status, 200) << pgn.body;
    EXPECT_EQ(pgn.type, "application/x-chess-pgn");
    for (const char* tag : {"[White \"alice\"]", "[Black \"bob\"]", "[Result \"0-1\"]",
                            "[WhiteElo \"1500\"]", "[BlackElo \"1500\"]", "[TimeControl \"180+2\"]",
                            "[UTCDate \"", "[UTCTime \"", "[Termination \""})
        EXPECT_NE(pgn.body.find(tag), std::string::npos) << tag << "\n" << pgn.body;
    EXPECT_NE(pgn.body.find("[GameId \"" + id + "\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << pgn.body;
    // Read back by the rules core: the same game.
    auto read = parse_pgn(pgn.body);
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(read->game.moves().size(), 4u);
    EXPECT_EQ(read->game.result().pgn_result(), "0-1");

    Answer answer = get("/game/export/" + id + "?lastFen=true", "application/json");
    ASSERT_EQ(answer.status, 200) << answer.body;
    EXPECT_EQ(answer.type, "application/json");
    json game = json::parse(answer.body);
    EXPECT_EQ(game.at("id"), id);
    EXPECT_EQ(game.at("rated"), true);
    EXPECT_EQ(game.at("variant"), "standard");
    EXPECT_EQ(game.at("speed"), "blitz");
    EXPECT_EQ(game.at("perf"), "blitz");
    EXPECT_EQ(game.at("status"), "mate");
    EXPECT_EQ(game.at("winner"), "black");
    EXPECT_EQ(game.at("moves"), "f2f3 e7e5 g2g4 d8h4");
    EXPECT_EQ(game.at("clock"), (json{{"initial", 180}, {"increment", 2}, {"totalTime", 260}}));
    EXPECT_EQ(game.at("players").at("white").at("user"),
              (json{{"name", "alice"}, {"id", "alice"}}));
    EXPECT_EQ(game.at("players").at("black").at("user").at("name"), "bob");
    EXPECT_EQ(game.at("players").at("white").at("rating"), 1500);
    EXPECT_GT(game.at("players").at("black").at("ratingDiff").get<int>(), 0);
    EXPECT_FALSE(game.contains("initialFen")); // the start position
    EXPECT_GT(game.at("createdAt").get<std::int64_t>(), 1'700'000'000'000);
    EXPECT_GE(game.at("lastMoveAt").get<std::int64_t>(), game.at("createdAt").get<std::int64_t>());
    EXPECT_EQ(game.at("lastFen"), read->game.position().fen());

    // moves=false and tags=false as lichess's.
    Answer bare = get("/game/export/" + id + "?moves=false");
    EXPECT_EQ(bare.body.find("Qh4#"), std::string::npos) << bare.body;
    EXPECT_NE(bare.body.find("\n\n0-1\n"), std::string::npos) << bare.body;
    Answer untagged = get("/game/export/" + id + "?tags=false");
    EXPECT_EQ(untagged.body.find("[White "), std::string::npos) << untagged.body;
    EXPECT_NE(untagged.body.find("1. f3 e5"), std::string::npos) << untagged.body;
    json without_moves = json::parse(
        get("/game/export/" + id + "?moves=false&pgnInJson=true", "application/json").body);
    EXPECT_FALSE(without_moves.contains("moves"));
    EXPECT_NE(without_moves.at("pgn").get<std::string>().find("[White \"alice\"]"),
              std::string::npos);
}

// Issue 49: the web app's download (GET /api/games/{id}/pgn) of a paired game said
// [White "White player"]; it names the players and their ratings as the export does.
TEST_F(ExportApiTest, TheGamesOwnPgnNamesThePairedPlayers) {
    std::string alice = person("alice");
    std::string bob = person("bob");
    play(alice, "bob", bob, blitz, fools_mate);
    std::vector<GameListing> listed = games_.list(10, 0, {}, /*public_only=*/true);
    ASSERT_EQ(listed.size(), 1u);
    Answer pgn = get("/api/games/" + std::to_string(listed[0].id) + "/pgn");
    ASSERT_EQ(pgn.status, 200) << pgn.body;
    for (const char* tag : {"[White \"alice\"]", "[Black \"bob\"]", "[WhiteElo \"1500\"]",
                            "[BlackElo \"1500\"]", "[Result \"0-1\"]"})
        EXPECT_NE(pgn.body.find(tag), std::string::npos) << tag << "\n" << pgn.body;
    EXPECT_EQ(pgn.body.find("player\"]"), std::string::npos) << pgn.body;
}

TEST_F(ExportApiTest, AnEvoChessGameKeepsItsVariantAndReadsBack) {
    std::string anna = person("anna");
    std::string boris = person("boris");
    std::string id = play(anna, "boris", boris, "variant=evochess&days=2", {"e2e4", "e7e5"}, anna);

    Answer pgn = get("/game/export/" + id);
    ASSERT_EQ(pgn.status, 200) << pgn.body;
    EXPECT_NE(pgn.body.find("[Variant \"evochess\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("[Result \"0-1\"]"), std::string::npos) << pgn.body;
    auto read = parse_pgn(pgn.body);
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(std::string(read->game.variant().name), "evochess");
    EXPECT_EQ(read->game.moves().size(), 2u);
    EXPECT_EQ(read->game.result().pgn_result(), "0-1");
    // Without tags, the variant stays: the game must still read back.
    auto untagged = parse_pgn(get("/game/export/" + id + "?tags=false").body);
    ASSERT_TRUE(untagged) << untagged.error();
    EXPECT_EQ(std::string(untagged->game.variant().name), "evochess");

    json game = json::parse(get("/game/export/" + id + "?lastFen=true", "application/json").body);
    EXPECT_EQ(game.at("variant"), "evochess");
    EXPECT_EQ(game.at("perf"), "evochess");
    EXPECT_EQ(game.at("speed"), "correspondence");
    EXPECT_EQ(game.at("daysPerTurn"), 2);
    EXPECT_FALSE(game.contains("clock"));
    EXPECT_EQ(game.at("rated"), false);
    EXPECT_EQ(game.at("status"), "resign");
    EXPECT_EQ(game.at("winner"), "black");
    EXPECT_EQ(game.at("moves"), "e2e4 e7e5");
    EXPECT_EQ(game.at("lastFen"), read->game.position().fen());
}

TEST_F(ExportApiTest, ABotIsTitledInBothFormats) {
    std::string person_token = person("petra");
    std::string robo =
        token("evo_session=" + accounts_.create_account("robo", "battery staple", "").token,
              {"bot:play"});
    ASSERT_EQ(post("/api/bot/account/upgrade", robo), 200);
    std::string id = play(person_token, "robo", robo, "days=1", {"e2e4", "e7e5"}, robo, true);
    json game = json::parse(get("/game/export/" + id, "application/json").body);
    EXPECT_EQ(game.at("players").at("black").at("user").at("title"), "BOT");
    EXPECT_FALSE(game.at("players").at("white").at("user").contains("title"));
    EXPECT_EQ(game.at("winner"), "white");
    EXPECT_NE(get("/game/export/" + id).body.find("[BlackTitle \"BOT\"]"), std::string::npos);
}

TEST_F(ExportApiTest, APlayersGamesAreFilteredNewestFirst) {
    std::string alice = person("alice");
    std::string bob = person("bob");
    std::string carol = person("carol");
    // g1: rated chess blitz, alice White; g2: casual EvoChess, alice Black (bob challenges).
    std::string g1 = play(alice, "bob", bob, blitz, fools_mate);
    std::string g2 = play(bob, "alice", alice, "variant=evochess&days=3", {"e2e4", "e7e5"}, bob);
    // A second later (createdAt is kept to the second): g3, casual chess with carol, going on.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    std::string g3 = play(alice, "carol", carol, "days=1", {"d2d4"});

    using Ids = std::vector<std::string>;
    std::string user = "/api/games/user/alice";
    Answer all = ndjson(user);
    ASSERT_EQ(all.status, 200) << all.body;
    EXPECT_EQ(all.type, "application/x-ndjson");
    EXPECT_EQ(ids_of(all.body), (Ids{g2, g1})); // finished only, by default
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=true").body), (Ids{g3, g2, g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=true&finished=false").body), (Ids{g3}));
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=false&finished=false").body), Ids{});
    EXPECT_EQ(ids_of(ndjson(user + "?max=1").body), (Ids{g2}));
    EXPECT_EQ(ids_of(ndjson(user + "?vs=bob").body), (Ids{g2, g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?vs=CAROL&ongoing=true").body), (Ids{g3}));
    EXPECT_EQ(ids_of(ndjson(user + "?vs=nobody").body), Ids{});
    EXPECT_EQ(ids_of(ndjson(user + "?rated=true").body), (Ids{g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?rated=false").body), (Ids{g2}));
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=evochess").body), (Ids{g2}));
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=standard").body), (Ids{g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=blitz").body), (Ids{g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=bullet,rapid").body), Ids{});
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=evochess,blitz").body), (Ids{g2, g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?perfType=correspondence&ongoing=true").body), (Ids{g3}));
    EXPECT_EQ(ids_of(ndjson(user + "?color=white&ongoing=true").body), (Ids{g3, g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?color=black").body), (Ids{g2}));
    EXPECT_EQ(ids_of(ndjson("/api/games/user/bob").body), (Ids{g2, g1}));

    json newest = lines_of(ndjson(user + "?ongoing=true&max=1").body).at(0);
    std::int64_t g3_made = newest.at("createdAt");
    EXPECT_EQ(newest.at("status"), "started");
    EXPECT_FALSE(newest.contains("winner"));
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=true&since=" + std::to_string(g3_made)).body),
              (Ids{g3}));
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=true&until=" + std::to_string(g3_made - 1000)).body),
              (Ids{g2, g1}));
    EXPECT_EQ(ids_of(ndjson(user + "?ongoing=true&since=" + std::to_string(g3_made + 1000)).body),
              Ids{});

    // PGN by default: every game, each reading back.
    Answer pgn = get(user);
    ASSERT_EQ(pgn.status, 200);
    EXPECT_EQ(pgn.type, "application/x-chess-pgn");
    std::vector<std::string> games = split_pgn_games(pgn.body);
    ASSERT_EQ(games.size(), 2u) << pgn.body;
    EXPECT_NE(games[0].find("[Variant \"evochess\"]"), std::string::npos) << games[0];
    for (const std::string& text : games) EXPECT_TRUE(parse_pgn(text)) << text;
}

TEST_F(ExportApiTest, ThePgnReadsBackWithTheCommandLine) {
    std::string alice = person("alice");
    std::string bob = person("bob");
    play(alice, "bob", bob, blitz, fools_mate);
    play(bob, "alice", alice, "variant=evochess&days=3", {"e2e4", "e7e5"}, bob);
    std::filesystem::path file = directory_.path() / "alice.pgn";
    std::ofstream(file) << get("/api/games/user/alice").body;

    auto [out, status] = run(std::string(EVOCHESS_BINARY) + " pgn " + file.string());
    ASSERT_EQ(status, 0) << out;
    EXPECT_NE(out.find("game 1: evochess 2 plies 0-1 "), std::string::npos) << out;
    EXPECT_NE(out.find("game 2: chess 4 plies 0-1 "), std::string::npos) << out;
}

TEST_F(ExportApiTest, AChessGamesPgnReadsBackWithPgnExtract) {
    if (run("command -v pgn-extract").second != 0) GTEST_SKIP() << "pgn-extract is not installed";
    std::string alice = person("alice");
    std::string bob = person("bob");
    play(alice, "bob", bob, blitz, fools_mate);
    std::filesystem::path chess = directory_.path() / "chess.pgn";
    std::ofstream(chess) << get("/api/games/user/alice?perfType=standard").body;
    auto [uci, extracted] = run("pgn-extract --quiet -Wuci " + chess.string() + " 2>&1");
    EXPECT_EQ(extracted, 0) << uci;
    EXPECT_NE(uci.find("f2f3 e7e5 g2g4 d8h4"), std::string::npos) << uci;
}

TEST_F(ExportApiTest, ManyGamesComeInPagesNewestFirst) {
    person("alice");
    auto account = accounts_store_.find_by_name("alice");
    ASSERT_TRUE(account);
    SeatPlayer alice, guest;
    alice.key = account_owner_key(account->id);
    alice.name = "alice";
    guest.key = "account:999999";
    guest.name = "guest";
    const Variant& chess = *find_variant("chess");
    for (int i = 0; i < 130; ++i) {
        GameRecord record;
        record.variant = "chess";
        record.start_fen = Position::start(chess).fen();
        record.summary.fen = record.start_fen;
        record.online = true;
        record.seat_players = {i % 2 ? alice : guest, i % 2 ? guest : alice};
        games_store_.insert(record);
    }
    Answer all = ndjson("/api/games/user/alice?ongoing=true");
    ASSERT_EQ(all.status, 200);
    std::vector<std::string> ids = ids_of(all.body);
    ASSERT_EQ(ids.size(), 130u);
    for (std::size_t i = 1; i < ids.size(); ++i)
        EXPECT_GT(std::stoll(ids[i - 1]), std::stoll(ids[i])) << i;
    EXPECT_EQ(ids_of(ndjson("/api/games/user/alice?ongoing=true&max=120").body).size(), 120u);
    EXPECT_EQ(ids_of(ndjson("/api/games/user/alice?ongoing=true&color=black").body).size(), 65u);
}

TEST_F(ExportApiTest, APrivateGameIsShownOnlyToItsOwner) {
    person("alice");
    auto account = accounts_store_.find_by_name("alice");
    ASSERT_TRUE(account);
    Player owner;
    owner.account_key = account_owner_key(account->id);
    CreateGame local;
    local.variant = "evochess";
    GameView made = games_.create(local, owner);
    std::string path = "/game/export/" + std::to_string(made.id);

    EXPECT_EQ(get(path).status, 404);
    EXPECT_EQ(get(path, "application/json").status, 404);
    EXPECT_EQ(get(path, "", cookies_["alice"]).status, 200);
    // Her own local game is no game she sat at with anyone: not in her export either.
    EXPECT_EQ(ids_of(ndjson("/api/games/user/alice?ongoing=true").body),
              std::vector<std::string>{});
}

TEST_F(ExportApiTest, UnknownGamesAndUsersAre404AndBadValues400) {
    person("alice");
    for (const char* path :
         {"/game/export/999", "/game/export/c999", "/game/export/abc", "/api/games/user/nobody",
          "/api/games/user/x", "/api/games/user/%00bad"}) {
        Answer answer = get(path);
        EXPECT_EQ(answer.status, 404) << path << " " << answer.body;
    }
    for (const char* query :
         {"max=0", "max=abc", "max=-1", "since=-5", "until=1e9", "since=99999999999999999999",
          "rated=maybe", "color=red", "perfType=atomic", "perfType=,", "ongoing=2", "moves=no",
          "sort=dateAsc", "clocks=sometimes"}) {
        Answer answer = get(std::string("/api/games/user/alice?") + query);
        EXPECT_EQ(answer.status, 400) << query << " " << answer.body;
        EXPECT_TRUE(json::parse(answer.body, nullptr, false).contains("error")) << answer.body;
    }
    EXPECT_EQ(get("/game/export/1?moves=perhaps").status, 400);
    // Accepted, and nothing to add: no per-move clocks or evaluations are stored.
    EXPECT_EQ(get("/api/games/user/alice?clocks=true&evals=true").status, 200);
}

} // namespace
} // namespace evo::app::testing
