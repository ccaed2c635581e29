// The analysis board's API: a position's fields without a stored game (POST /api/position)
// and the engine's best lines of a position (POST /api/analysis), JSON and event stream.
#include "api_test_server.h"

#include <gtest/gtest.h>

#include <set>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class AnalysisApiTest : public EngineServerTest {
  protected:
    // The `data:` messages of an event stream, parsed.
    static std::vector<json> stream_messages(const std::string& body) {
        std::vector<json> messages;
        for (std::size_t at = body.find("data: "); at != std::string::npos;
             at = body.find("data: ", at)) {
            at += 6;
            messages.push_back(json::parse(body.substr(at, body.find('\n', at) - at)));
        }
        return messages;
    }
};

TEST_F(AnalysisApiTest, APositionHasTheFieldsOfTheGameThatReachedIt) {
    // Two pawn moves each side, then a capture (RULES 2.2 counters move on both).
    std::vector<std::string> moves = {"e2e4", "d7d5", "d2d4", "e7e5", "e4d5"};
    json game = post_json(*client_, "/api/games", {{"variant", "evochess"}}).body;
    std::string path = "/api/games/" + std::to_string(game["id"].get<int>());
    for (const std::string& move : moves)
        game = post_json(*client_, path + "/moves", {{"uci", move}}).body;

    JsonAnswer position =
        post_json(*client_, "/api/position", {{"variant", "evochess"}, {"moves", moves}});
    ASSERT_EQ(position.status, 200) << position.body.dump();
    for (const char* field : {"variant", "start_fen", "fen", "turn", "check", "history", "legal",
                              "counters", "evolution", "royal_promotion", "result", "reason"})
        EXPECT_EQ(position.body[field], game[field]) << field;
    EXPECT_FALSE(position.body.contains("id"));
}

TEST_F(AnalysisApiTest, APositionFromAFenAndItsErrors) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    JsonAnswer castled = post_json(*client_, "/api/position",
                                   {{"variant", "chess"}, {"fen", fen}, {"moves", {"e1g1"}}});
    ASSERT_EQ(castled.status, 200) << castled.body.dump();
    EXPECT_EQ(castled.body["history"][0]["san"], "O-O");
    EXPECT_EQ(castled.body["turn"], "b");

    EXPECT_EQ(post_json(*client_, "/api/position", {{"moves", {"e2e4"}}}).status, 400);
    EXPECT_EQ(post_json(*client_, "/api/position", {{"variant", "nochess"}}).status, 400);
    EXPECT_EQ(post_json(*client_, "/api/position", {{"variant", "chess"}, {"fen", "8/8 w"}}).status,
              400);
    EXPECT_EQ(
        post_json(*client_, "/api/position", {{"variant", "chess"}, {"moves", "e2e4"}}).status,
        400);
    EXPECT_EQ(
        post_json(*client_, "/api/position", {{"variant", "chess"}, {"moves", {1, 2}}}).status,
        400);
    JsonAnswer illegal =
        post_json(*client_, "/api/position", {{"variant", "chess"}, {"moves", {"e2e4", "e2e4"}}});
    EXPECT_EQ(illegal.status, 422);
    EXPECT_NE(illegal.body["error"].get<std::string>().find("e2e4"), std::string::npos)
        << illegal.body.dump();
    EXPECT_EQ(post_json(*client_, "/api/position",
                        {{"variant", "chess"}, {"moves", std::vector<std::string>(2001, "e2e4")}})
                  .status,
              400);
}

TEST_F(AnalysisApiTest, ThreeDifferentLegalLinesScoredFromWhitesPointOfView) {
    // Fool's mate on the board: Black mates in one, so White's view is "mated in 1".
    json body = {{"variant", "chess"}, {"moves", {"f2f3", "e7e5", "g2g4"}}, {"depth", 6}};
    JsonAnswer answer = post_json(*client_, "/api/analysis", body);
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    const json& lines = answer.body["lines"];
    ASSERT_EQ(lines.size(), 3u) << answer.body.dump();
    EXPECT_EQ(lines[0]["multipv"], 1);
    EXPECT_EQ(lines[0]["score"], json({{"mate", -1}}));
    EXPECT_EQ(lines[0]["pv"][0]["san"], "Qh4#");

    json legal = post_json(*client_, "/api/position", body).body["legal"];
    std::set<std::string> first_moves;
    for (const json& line : lines) {
        ASSERT_FALSE(line["pv"].empty());
        first_moves.insert(line["pv"][0]["uci"].get<std::string>());
        bool is_legal = false;
        for (const json& move : legal) is_legal |= move["uci"] == line["pv"][0]["uci"];
        EXPECT_TRUE(is_legal) << line.dump();
    }
    EXPECT_EQ(first_moves.size(), 3u);
    // The other lines are worse for Black: a score from White's view is higher.
    EXPECT_TRUE(lines[1]["score"].contains("cp") || lines[1]["score"]["mate"].get<int>() < -1);
}

TEST_F(AnalysisApiTest, TheStreamSendsProgressThenTheLines) {
    httplib::Headers headers{{"Accept", "text/event-stream"}};
    json body = {{"variant", "promoteking"}, {"multipv", 2}, {"depth", 5}};
    httplib::Result result =
        client_->Post("/api/analysis", headers, body.dump(), "application/json");
    ASSERT_TRUE(result);
    ASSERT_EQ(result->status, 200);
    std::vector<json> messages = stream_messages(result->body);
    ASSERT_GE(messages.size(), 3u) << result->body;
    for (std::size_t i = 0; i + 1 < messages.size(); ++i) {
        EXPECT_GE(messages[i]["multipv"].get<int>(), 1) << messages[i].dump();
        EXPECT_LE(messages[i]["multipv"].get<int>(), 2) << messages[i].dump();
    }
    const json& done = messages.back();
    EXPECT_EQ(done["done"], true);
    EXPECT_EQ(done["lines"].size(), 2u);
    EXPECT_EQ(done["depth"], 5);
}

TEST_F(AnalysisApiTest, NothingToAnalyseAndBadLimits) {
    // After fool's mate the game is over.
    json mated = {{"variant", "chess"}, {"moves", {"f2f3", "e7e5", "g2g4", "d8h4"}}};
    EXPECT_EQ(post_json(*client_, "/api/analysis", mated).status, 422);
    EXPECT_EQ(post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"multipv", 6}}).status,
              400);
    EXPECT_EQ(
        post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"movetime_ms", 10001}}).status,
        400);
    EXPECT_EQ(post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"depth", 0}}).status,
              400);
}

// The API's `cp` is in pawns of the variant (docs/api.md): an EvoChess start without Black's
// a-pawn reads a little over one pawn for White, not the 500-odd evaluation units it is
// worth to the engine (an EvoChess pawn is 387 of them, a chess pawn 82).
TEST_F(AnalysisApiTest, ScoresAreInPawnsOfTheVariant) {
    json body = {{"variant", "evochess"},
                 {"fen", "4k3/1ppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1"},
                 {"depth", 8}};
    JsonAnswer answer = post_json(*client_, "/api/analysis", body);
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    const json& score = answer.body["lines"][0]["score"];
    ASSERT_TRUE(score.contains("cp")) << answer.body.dump();
    EXPECT_GE(score["cp"].get<int>(), 60) << answer.body.dump();
    EXPECT_LE(score["cp"].get<int>(), 250) << answer.body.dump();
}

} // namespace
} // namespace evo::app::testing
