// The JSON API of `evochess serve` (docs/api.md), through real HTTP on loopback.
#include "api_test_server.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

const std::string evochess_start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";

class ApiTest : public ::testing::Test {
  protected:
    TemporaryDirectory directory_;
    std::unique_ptr<ApiTestServer> server_ = std::make_unique<ApiTestServer>(directory_.path());
    std::unique_ptr<httplib::Client> client_ = server_->client();

    json create(const json& body) {
        JsonAnswer answer = post_json(*client_, "/api/games", body);
        EXPECT_EQ(answer.status, 201) << answer.body.dump();
        return answer.body;
    }
    std::string game_path(const json& state) {
        return "/api/games/" + std::to_string(state["id"].get<int>());
    }
    json play(const json& state, const json& move) {
        JsonAnswer answer = post_json(*client_, game_path(state) + "/moves", move);
        EXPECT_EQ(answer.status, 200) << move.dump() << " -> " << answer.body.dump();
        return answer.body;
    }
    static bool has_legal(const json& state, const std::string& uci) {
        for (const json& move : state["legal"])
            if (move["uci"] == uci) return true;
        return false;
    }
    void restart_server() {
        server_.reset();
        server_ = std::make_unique<ApiTestServer>(directory_.path());
        client_ = server_->client();
    }
};

TEST_F(ApiTest, CreatedEvoChessGameHasTheContractsFields) {
    json state = create({{"variant", "evochess"}});
    EXPECT_EQ(state["variant"], "evochess");
    EXPECT_EQ(state["fen"], evochess_start + " 0,0,0,0/0,0,0,0"); // RULES 2.1, 5.1
    EXPECT_EQ(state["turn"], "w");
    EXPECT_EQ(state["check"], false);
    EXPECT_TRUE(state["history"].empty());
    EXPECT_TRUE(state["result"].is_null());
    EXPECT_TRUE(state["reason"].is_null());
    EXPECT_TRUE(state["points"].is_null());
    EXPECT_EQ(state["counters"]["w"], (json{{"p", 0}, {"m", 0}, {"c", 0}, {"r", 0}}));
    EXPECT_EQ(state["counters"]["b"], (json{{"p", 0}, {"m", 0}, {"c", 0}, {"r", 0}}));
    // RULES 2.2: N = 3 pawn moves earn a minor right, K = 2 captures a rook right.
    EXPECT_EQ(state["evolution"],
              (json{{"minor_right_pawn_moves", 3}, {"rook_right_captures", 2}}));
    EXPECT_TRUE(has_legal(state, "e2e4"));
    for (const json& move : state["legal"]) {
        EXPECT_TRUE(move["uci"].is_string());
        EXPECT_TRUE(move["san"].is_string());
    }
}

TEST_F(ApiTest, EvolutionPromotionByUciAndSan) {
    // RULES 2.3, 2.4: the third pawn move earns a minor right that the same move can spend.
    json state = create({{"variant", "evochess"}});
    for (const char* uci : {"a2a3", "a7a6", "a3a4", "a6a5"}) state = play(state, {{"uci", uci}});
    EXPECT_TRUE(has_legal(state, "b2b4n"));
    EXPECT_TRUE(has_legal(state, "b2b4b"));
    EXPECT_TRUE(has_legal(state, "b2b4"));
    state = play(state, {{"san", "b4=N"}});
    json last = state["history"].back();
    EXPECT_EQ(last["uci"], "b2b4n");
    EXPECT_EQ(last["san"], "b4=N");
    EXPECT_EQ(last["fen"], state["fen"]);
    EXPECT_EQ(state["counters"]["w"]["m"], 0);
    EXPECT_EQ(state["counters"]["w"]["p"], 0);
    EXPECT_NE(state["fen"].get<std::string>().find("/PN6/"), std::string::npos);

    state = play(state, {{"uci", "h7h6"}});
    for (const char* uci : {"c2c3", "h6h5", "d2d3"}) state = play(state, {{"uci", uci}});
    EXPECT_EQ(state["counters"]["w"]["p"], 2);
}

TEST_F(ApiTest, IllegalOrMalformedMoveIs422AndChangesNothing) {
    json state = create({{"variant", "chess"}});
    state = play(state, {{"uci", "e2e4"}});
    for (const json& bad :
         {json{{"uci", "e2e5"}}, json{{"uci", "zz"}}, json{{"san", "Ke3"}}, json{{"uci", 5}},
          json{{"uci", "e7e5"}, {"san", "e5"}}, json::object()}) {
        JsonAnswer answer = post_json(*client_, game_path(state) + "/moves", bad);
        EXPECT_EQ(answer.status, 422) << bad.dump();
        EXPECT_TRUE(answer.body["error"].is_string()) << answer.body.dump();
    }
    JsonAnswer not_json = send_raw(*client_, "POST", game_path(state) + "/moves", "{\"uci\": ");
    EXPECT_EQ(not_json.status, 422);
    JsonAnswer now = get_json(*client_, game_path(state));
    EXPECT_EQ(now.body["history"].size(), 1u);
    EXPECT_EQ(now.body["fen"], state["fen"]);
}

TEST_F(ApiTest, BadInputIsA4xxJsonError) {
    auto expect_error = [](const JsonAnswer& answer, int status) {
        EXPECT_EQ(answer.status, status) << answer.body.dump();
        EXPECT_TRUE(answer.body.is_object() && answer.body["error"].is_string())
            << answer.body.dump();
    };
    expect_error(get_json(*client_, "/api/games/999"), 404);
    expect_error(get_json(*client_, "/api/games/99999999999999999999999"), 404);
    expect_error(post_json(*client_, "/api/games/999/moves", {{"uci", "e2e4"}}), 404);
    expect_error(get_json(*client_, "/api/nothing-here"), 404);
    expect_error(post_json(*client_, "/api/games", {{"variant", "xiangqi"}}), 400);
    expect_error(post_json(*client_, "/api/games", {{"variant", "chess"}, {"fen", "not a fen"}}),
                 400);
    expect_error(post_json(*client_, "/api/games",
                           {{"variant", "chess"}, {"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}),
                 400);
    expect_error(post_json(*client_, "/api/games", {{"pgn", "1. e4 e5 2. Ke3"}}), 400);
    expect_error(post_json(*client_, "/api/games", {{"variant", 7}}), 400);
    expect_error(post_json(*client_, "/api/games", {{"players", {{"w", "robot"}}}}), 400);
    expect_error(send_raw(*client_, "POST", "/api/games", "[1, 2]"), 400);
    expect_error(send_raw(*client_, "POST", "/api/games", "{"), 400);
    expect_error(send_raw(*client_, "POST", "/api/games", std::string(2 << 20, ' ')), 413);
    EXPECT_EQ(get_json(*client_, "/api/games").body.size(), 0u);
}

TEST_F(ApiTest, RequestsFromOtherSitesAreRefused) {
    httplib::Headers foreign_origin{{"Origin", "http://evil.example"}};
    httplib::Result refused = client_->Post("/api/games", foreign_origin, "{}", "application/json");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 403);
    httplib::Headers rebound_host{{"Host", "evil.example"}};
    EXPECT_EQ(client_->Get("/api/games", rebound_host)->status, 403);
    httplib::Headers same_origin{{"Origin", "http://127.0.0.1:" + std::to_string(server_->port())}};
    EXPECT_EQ(client_->Post("/api/games", same_origin, "{}", "application/json")->status, 201);
}

TEST_F(ApiTest, ListShowsGamesWithPlayersAndResult) {
    json first = create({{"variant", "echess"}, {"players", {{"w", "human"}, {"b", "engine"}}}});
    create({{"variant", "promoteking"}});
    JsonAnswer list = get_json(*client_, "/api/games");
    ASSERT_EQ(list.status, 200);
    ASSERT_EQ(list.body.size(), 2u);
    json listed = list.body[1]["id"] == first["id"] ? list.body[1] : list.body[0];
    EXPECT_EQ(listed["variant"], "echess");
    EXPECT_EQ(listed["players"], (json{{"w", "human"}, {"b", "engine"}}));
    EXPECT_TRUE(listed["result"].is_null());
    EXPECT_TRUE(listed["updated"].is_string());
}

TEST_F(ApiTest, ResignUndoAndDrawAgreement) {
    json state = create({{"variant", "chess"}});
    state = play(state, {{"san", "e4"}});
    JsonAnswer resigned = post_json(*client_, game_path(state) + "/resign", json::object());
    EXPECT_EQ(resigned.body["result"], "1-0"); // Black, to move, resigns
    EXPECT_EQ(resigned.body["reason"], "resignation");
    EXPECT_TRUE(resigned.body["legal"].empty());
    EXPECT_EQ(post_json(*client_, game_path(state) + "/moves", {{"san", "e5"}}).status, 422);
    EXPECT_EQ(get_json(*client_, "/api/games").body[0]["result"], "1-0");

    JsonAnswer undone = post_json(*client_, game_path(state) + "/undo", {{"plies", 1}});
    EXPECT_TRUE(undone.body["result"].is_null());
    EXPECT_TRUE(undone.body["history"].empty());
    EXPECT_EQ(post_json(*client_, game_path(state) + "/undo", {{"plies", 1}}).status, 422);

    JsonAnswer offered = post_json(*client_, game_path(state) + "/draw", {{"side", "w"}});
    EXPECT_EQ(offered.body["draw_offer"], "w");
    EXPECT_TRUE(offered.body["result"].is_null());
    JsonAnswer agreed = post_json(*client_, game_path(state) + "/draw", {{"side", "b"}});
    EXPECT_EQ(agreed.body["result"], "1/2-1/2");
    EXPECT_EQ(agreed.body["reason"], "agreement");
}

// Undo of no move takes back only a resignation or an agreement, the moves stay.
TEST_F(ApiTest, UndoOfNoMoveTakesBackOnlyTheResignation) {
    json state = create({{"variant", "chess"}});
    state = play(state, {{"san", "e4"}});
    EXPECT_EQ(post_json(*client_, game_path(state) + "/undo", {{"plies", 0}}).status, 422);
    post_json(*client_, game_path(state) + "/resign", json::object());
    JsonAnswer undone = post_json(*client_, game_path(state) + "/undo", {{"plies", 0}});
    EXPECT_EQ(undone.status, 200);
    EXPECT_TRUE(undone.body["result"].is_null());
    EXPECT_EQ(undone.body["history"].size(), 1u);
    EXPECT_FALSE(undone.body["legal"].empty());
}

TEST_F(ApiTest, AMoveDeclinesTheOpponentsDrawOffer) {
    json state = create({{"variant", "chess"}});
    post_json(*client_, game_path(state) + "/draw", {{"side", "b"}});
    state = play(state, {{"san", "d4"}});
    EXPECT_TRUE(state["draw_offer"].is_null());
}

// The engine never accepts a draw: its answer declines the offer at once, so none stands.
TEST_F(ApiTest, TheEngineDeclinesADrawOfferedToIt) {
    json state = create({{"variant", "chess"}, {"players", {{"w", "human"}, {"b", "engine"}}}});
    JsonAnswer offered = post_json(*client_, game_path(state) + "/draw", {{"side", "w"}});
    EXPECT_EQ(offered.status, 200);
    EXPECT_TRUE(offered.body["result"].is_null());
    EXPECT_TRUE(offered.body["draw_offer"].is_null());
    EXPECT_TRUE(get_json(*client_, game_path(state)).body["draw_offer"].is_null());
}

TEST_F(ApiTest, PgnExportAndImportRoundTrip) {
    json state = create({{"variant", "evochess"}});
    for (const char* uci : {"a2a3", "a7a6", "a3a4", "a6a5", "b2b4n"})
        state = play(state, {{"uci", uci}});
    httplib::Result pgn = client_->Get(game_path(state) + "/pgn");
    ASSERT_TRUE(pgn);
    EXPECT_EQ(pgn->status, 200);
    EXPECT_NE(pgn->body.find("[Variant \"evochess\"]"), std::string::npos)
        << pgn->body; // RULES 5.4
    EXPECT_NE(pgn->body.find("b4=N"), std::string::npos) << pgn->body;
    // The Seven Tag Roster is filled from what the server knows (PGN standard 8.1.1).
    EXPECT_NE(pgn->body.find("[White \"Human\"]"), std::string::npos) << pgn->body;
    EXPECT_NE(pgn->body.find("[Site \"evochess serve\"]"), std::string::npos) << pgn->body;
    EXPECT_EQ(pgn->body.find("[Date \"?\"]"), std::string::npos) << pgn->body;

    json imported = create({{"pgn", pgn->body}});
    EXPECT_EQ(imported["variant"], "evochess");
    EXPECT_EQ(imported["fen"], state["fen"]);
    EXPECT_EQ(imported["history"], state["history"]);
}

// Issue 49: an imported 58-ply game was listed as "0 plies" (its moves were not stored with
// it) and came back without its moves after a restart.
TEST_F(ApiTest, AnImportedGamesMovesAreListedAndSurviveARestart) {
    json imported = create({{"pgn", "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"}});
    ASSERT_EQ(imported["history"].size(), 6u) << imported.dump();
    JsonAnswer listed = get_json(*client_, "/api/games");
    ASSERT_EQ(listed.status, 200);
    ASSERT_EQ(listed.body.size(), 1u);
    EXPECT_EQ(listed.body[0]["moves"], 6) << listed.body.dump();
    restart_server();
    JsonAnswer again = get_json(*client_, game_path(imported));
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(again.body["history"], imported["history"]);
    EXPECT_EQ(again.body["fen"], imported["fen"]);
    EXPECT_EQ(get_json(*client_, "/api/games").body[0]["moves"], 6);
}

TEST_F(ApiTest, GamesSurviveARestart) {
    json state = create({{"variant", "evochess"}, {"players", {{"w", "human"}, {"b", "engine"}}}});
    for (const char* uci : {"a2a3", "a7a6", "a3a4", "a6a5", "b2b4n"})
        state = play(state, {{"uci", uci}});
    json finished = create({{"variant", "chess"}});
    post_json(*client_, game_path(finished) + "/resign", {{"side", "w"}});
    restart_server();

    JsonAnswer again = get_json(*client_, game_path(state));
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(again.body["fen"], state["fen"]);
    EXPECT_EQ(again.body["history"], state["history"]);
    EXPECT_EQ(again.body["players"]["b"], "engine");
    EXPECT_EQ(get_json(*client_, game_path(finished)).body["result"], "0-1");
    play(again.body, {{"uci", "h7h6"}}); // and it goes on
}

TEST_F(ApiTest, GamesBeyondTheMemoryCacheAreReadFromTheStore) {
    json first = create({{"variant", "evochess"}});
    first = play(first, {{"uci", "e2e4"}});
    for (int i = 0; i < 520; ++i) create({{"variant", "chess"}});
    JsonAnswer again = get_json(*client_, game_path(first));
    EXPECT_EQ(again.body["history"], first["history"]);
    play(again.body, {{"uci", "e7e5"}});
    // Listed a page at a time (issue 9: ?limit= was ignored).
    EXPECT_EQ(get_json(*client_, "/api/games").body.size(), 50u);
    EXPECT_EQ(get_json(*client_, "/api/games?limit=200&offset=400").body.size(), 121u);
    EXPECT_EQ(get_json(*client_, "/api/games?limit=201").status, 400);
}

TEST_F(ApiTest, DeletedGameIsGone) {
    json state = create({{"variant", "chess"}});
    EXPECT_EQ(send_raw(*client_, "DELETE", game_path(state), "").status, 200);
    EXPECT_EQ(get_json(*client_, game_path(state)).status, 404);
    EXPECT_EQ(send_raw(*client_, "DELETE", game_path(state), "").status, 404);
    EXPECT_TRUE(get_json(*client_, "/api/games").body.empty());
}

TEST_F(ApiTest, KingReachingTheLastRankBecomesCthulhu) {
    // RULES 4.2, 4.11, 4.12: the king on e7 steps to e8 and becomes Cthulhu.
    json state = create({{"variant", "promoteking"}, {"fen", "k7/p3K3/8/8/8/8/P7/8 w - - 0 1"}});
    EXPECT_TRUE(state["royal_promotion"]["first"].is_null());
    EXPECT_TRUE(state["counters"].is_null());
    state = play(state, {{"uci", "e7e8"}});
    EXPECT_EQ(state["history"].back()["san"], "Ke8=C+"); // queen line along the 8th rank checks a8
    EXPECT_EQ(state["fen"].get<std::string>().substr(0, 11), "k3C3/p7/8/8");
    EXPECT_EQ(state["royal_promotion"]["first"], "w");
    JsonAnswer resigned = post_json(*client_, game_path(state) + "/resign", {{"side", "b"}});
    EXPECT_EQ(resigned.body["result"], "1-0");
    EXPECT_EQ(resigned.body["points"], (json{{"w", 1.0}, {"b", 0.0}}));
}

TEST_F(ApiTest, PlayersAndEngineLimitsCanChange) {
    json state = create({{"variant", "chess"}});
    EXPECT_EQ(state["engine"]["movetime_ms"], 1000);
    JsonAnswer changed =
        send_raw(*client_, "PATCH", game_path(state),
                 R"({"players": {"b": "engine"}, "engine": {"movetime_ms": 200, "depth": 3}})");
    EXPECT_EQ(changed.body["players"], (json{{"w", "human"}, {"b", "engine"}}));
    EXPECT_EQ(changed.body["engine"],
              (json{{"movetime_ms", 200}, {"depth", 3}, {"level", nullptr}}));
    EXPECT_EQ(send_raw(*client_, "PATCH", game_path(state), R"({"engine": {"depth": 0}})").status,
              400);
}

TEST_F(ApiTest, EngineLevelIsStoredAndABadLevelRefused) {
    json state = create({{"variant", "chess"}, {"engine", {{"level", 2}}}});
    EXPECT_EQ(state["engine"]["level"], 2);
    JsonAnswer changed =
        send_raw(*client_, "PATCH", game_path(state), R"({"engine": {"level": 8}})");
    EXPECT_EQ(changed.status, 200);
    EXPECT_EQ(changed.body["engine"]["level"], 8);
    for (const char* bad :
         {R"({"engine": {"level": 0}})", R"({"engine": {"level": 9}})",
          R"({"engine": {"level": "strong"}})", R"({"engine": {"level": 2.5}})"}) {
        JsonAnswer answer = send_raw(*client_, "PATCH", game_path(state), bad);
        EXPECT_EQ(answer.status, 400) << bad;
        EXPECT_TRUE(answer.body["error"].is_string()) << bad;
    }
    EXPECT_EQ(post_json(*client_, "/api/games", {{"engine", {{"level", 99}}}}).status, 400);
    EXPECT_EQ(get_json(*client_, game_path(state)).body["engine"]["level"], 8);
    JsonAnswer cleared =
        send_raw(*client_, "PATCH", game_path(state), R"({"engine": {"level": null}})");
    EXPECT_TRUE(cleared.body["engine"]["level"].is_null());
}

TEST_F(ApiTest, InfoNamesEveryVariant) {
    JsonAnswer info = get_json(*client_, "/api/info");
    ASSERT_EQ(info.status, 200);
    std::vector<std::string> names;
    for (const json& variant : info.body["variants"]) {
        names.push_back(variant["name"]);
        // Issue 49, item 6: the lobby greys rated for a variant loaded from a file.
        EXPECT_EQ(variant.value("built_in", json()), true) << variant["name"];
    }
    EXPECT_EQ(names, (std::vector<std::string>{"chess", "evochess", "echess", "promoteking"}));
}

// The rating system's parameters, as docs/ratings.md states them (Glicko-2).
TEST_F(ApiTest, InfoStatesTheRatingParameters) {
    JsonAnswer info = get_json(*client_, "/api/info");
    ASSERT_EQ(info.status, 200);
    EXPECT_EQ(info.body["ratings"],
              (json{{"initial", 1500}, {"rd", 350}, {"volatility", 0.06}, {"tau", 0.75}}));
}

// The rules a player is told come from the variant's data: its rights and their N and K.
TEST_F(ApiTest, InfoGivesEachVariantsEvolution) {
    JsonAnswer info = get_json(*client_, "/api/info");
    std::map<std::string, json> evolution;
    for (const json& variant : info.body["variants"])
        evolution[variant["name"]] = variant["evolution"];
    EXPECT_TRUE(evolution["chess"].is_null());
    EXPECT_TRUE(evolution["promoteking"].is_null());
    EXPECT_EQ(
        evolution["evochess"],
        (json{{"rights", "kept"}, {"minor_right_pawn_moves", 3}, {"rook_right_captures", 2}}));
    EXPECT_EQ(evolution["echess"]["rights"], "expire");
}

// The rule fields a player's texts are made from (rules pages, picker notes; issue 23, item 6),
// named as in the variants file.
TEST_F(ApiTest, InfoGivesEachVariantsRuleFields) {
    JsonAnswer info = get_json(*client_, "/api/info");
    std::map<std::string, json> rules;
    for (const json& variant : info.body["variants"]) rules[variant["name"]] = variant["rules"];
    EXPECT_EQ(rules["chess"]["promotion_pieces"], "qrbn");
    EXPECT_EQ(rules["chess"]["ordinary_castling"], true);
    EXPECT_EQ(rules["chess"]["king_becomes_cthulhu"], false);
    EXPECT_EQ(rules["echess"]["direct_rook_promotion"], true);
    EXPECT_EQ(rules["evochess"]["direct_rook_promotion"], false);
    EXPECT_EQ(rules["promoteking"]["promotion_pieces"], "pnbrq");
    for (const char* field :
         {"promotion_either_color", "pawns_on_back_ranks", "king_becomes_cthulhu",
          "king_double_step", "king_en_passant", "king_follows_pawn", "vertical_castling",
          "draws_won_by_first_king_promoter", "scores_points"})
        EXPECT_EQ(rules["promoteking"][field], true) << field;
}

TEST_F(ApiTest, EngineRequestWithoutAnEngineIsAConflict) {
    json state = create({{"variant", "chess"}});
    JsonAnswer answer = post_json(*client_, game_path(state) + "/engine", json::object());
    EXPECT_EQ(answer.status, 409);
    EXPECT_TRUE(answer.body["error"].is_string());
}

} // namespace
} // namespace evo::app::testing
