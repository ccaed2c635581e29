// Asking the built-in engine to move through the API: JSON and server-sent events.
#include "api_test_server.h"

#include "app/record/core_games.h"
#include "app/record/game_summary.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class EngineApiTest : public EngineServerTest {
  protected:
    json create(const json& body) { return post_json(*client_, "/api/games", body).body; }
    static std::string game_path(const json& state) {
        return "/api/games/" + std::to_string(state["id"].get<int>());
    }
};

TEST_F(EngineApiTest, EngineMovesAndAnswersTheNewState) {
    json state = create({{"variant", "evochess"}});
    JsonAnswer answer = post_json(*client_, game_path(state) + "/engine", {{"depth", 3}});
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    ASSERT_EQ(answer.body["history"].size(), 1u);
    EXPECT_EQ(answer.body["turn"], "b");
}

// Issue 18: the engine played its move with the owner's seat token, borrowed. A local game
// stored by a release before seat tokens has none, so after the search (which anyone may ask
// for there) the move was refused: 403, "that token is not this game's". The engine now acts
// as itself and needs nobody's token.
TEST_F(EngineApiTest, TheEngineMovesAsItselfInAGameWithNoSeatToken) {
    Result<Game> start = start_game("chess", "");
    ASSERT_TRUE(start);
    GameRecord record;
    record.variant = "chess";
    record.start_fen = start->start_position().fen();
    record.summary = summarize(*start, std::nullopt);
    server_->store().insert(record); // seats.tokens stay empty
    JsonAnswer answer =
        post_json(*client_, "/api/games/" + std::to_string(record.id) + "/engine", {{"depth", 1}});
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    EXPECT_EQ(answer.body["ply"], 1);
    EXPECT_EQ(answer.body["turn"], "b");
}

TEST_F(EngineApiTest, EngineStreamsProgressThenTheState) {
    json state = create({{"variant", "chess"}});
    httplib::Headers headers{{"Accept", "text/event-stream"}};
    httplib::Result result =
        client_->Post(game_path(state) + "/engine", headers, R"({"depth": 4})", "application/json");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->status, 200);
    const std::string& body = result->body;
    std::size_t info = body.find("event: info\ndata: ");
    std::size_t final_state = body.find("event: state\ndata: ");
    ASSERT_NE(info, std::string::npos) << body;
    ASSERT_NE(final_state, std::string::npos) << body;
    EXPECT_LT(info, final_state);
    std::size_t data = info + std::string("event: info\ndata: ").size();
    json progress = json::parse(body.substr(data, body.find('\n', data) - data));
    EXPECT_GE(progress["depth"].get<int>(), 1);
    EXPECT_TRUE(progress["score"].contains("cp") || progress["score"].contains("mate"));
    ASSERT_FALSE(progress["pv"].empty());
    EXPECT_TRUE(progress["pv"][0]["san"].is_string());
    EXPECT_EQ(get_json(*client_, game_path(state)).body["history"].size(), 1u);
}

TEST_F(EngineApiTest, InfoListsTheEnginesLevelsWeakestFirst) {
    json levels = get_json(*client_, "/api/info").body["levels"];
    ASSERT_EQ(levels.size(), std::size_t(engine_level_count));
    for (std::size_t i = 0; i < levels.size(); ++i) {
        EXPECT_EQ(levels[i]["number"], int(i) + 1);
        EXPECT_FALSE(levels[i]["name"].get<std::string>().empty());
        EXPECT_FALSE(levels[i]["description"].get<std::string>().empty());
        if (i > 0) {
            EXPECT_GT(levels[i]["elo"].get<int>(), levels[i - 1]["elo"].get<int>());
        }
    }
}

TEST_F(EngineApiTest, EveryLevelAnswersALegalMoveAndTheLevelChangesMidGame) {
    json state = create({{"variant", "evochess"},
                         {"players", {{"w", "engine"}, {"b", "engine"}}},
                         {"engine", {{"level", 1}}}});
    for (int level = 1; level <= engine_level_count; ++level) {
        JsonAnswer changed = send_raw(*client_, "PATCH", game_path(state),
                                      json{{"engine", {{"level", level}}}}.dump());
        ASSERT_EQ(changed.status, 200) << changed.body.dump();
        std::size_t before = changed.body["history"].size();
        std::vector<std::string> legal;
        for (const json& m : changed.body["legal"]) legal.push_back(m["uci"]);
        JsonAnswer answer = post_json(*client_, game_path(state) + "/engine", json::object());
        ASSERT_EQ(answer.status, 200) << answer.body.dump();
        ASSERT_EQ(answer.body["history"].size(), before + 1) << "level " << level;
        std::string played = answer.body["history"].back()["uci"];
        EXPECT_NE(std::find(legal.begin(), legal.end(), played), legal.end()) << played;
        EXPECT_EQ(answer.body["engine"]["level"], level);
    }
}

TEST_F(EngineApiTest, TheLastLineStreamedStartsWithTheMovePlayed) {
    // Issue 11, bug 4: the page shows the last line next to the move played. Short searches
    // stop mid-iteration, where the best move may change after the last full report.
    json state = create({{"variant", "evochess"}});
    httplib::Headers headers{{"Accept", "text/event-stream"}};
    for (int move = 0; move < 12; ++move) {
        httplib::Result result = client_->Post(game_path(state) + "/engine", headers,
                                               R"({"movetime_ms": 30})", "application/json");
        ASSERT_TRUE(result);
        const std::string& body = result->body;
        std::size_t last_info = body.rfind("event: info\ndata: ");
        ASSERT_NE(last_info, std::string::npos) << body;
        std::size_t data = last_info + std::string("event: info\ndata: ").size();
        json line = json::parse(body.substr(data, body.find('\n', data) - data));
        state = get_json(*client_, game_path(state)).body;
        ASSERT_EQ(state["history"].size(), std::size_t(move + 1));
        EXPECT_EQ(line["pv"][0]["uci"], state["history"].back()["uci"]) << "move " << move + 1;
    }
}

TEST_F(EngineApiTest, OneSearchPerGameAndNoneInAFinishedGame) {
    json state = create({{"variant", "chess"}});
    post_json(*client_, game_path(state) + "/resign", json::object());
    EXPECT_EQ(post_json(*client_, game_path(state) + "/engine", json::object()).status, 422);
    EXPECT_EQ(
        post_json(*client_, game_path(state) + "/engine/stop", json::object()).body["stopped"],
        false);
}

} // namespace
} // namespace evo::app::testing
