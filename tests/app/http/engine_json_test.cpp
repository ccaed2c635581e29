// The JSON of the engine's searches (docs/api.md, "POST /api/games/{id}/engine"): a progress
// line read from the engine's report, written as the API has it, and an engine move's answer
// as a plain state or as "info"/"state"/"error" events.
#include "app/http/engine_json.h"
#include "app/record/core_games.h"
#include "app/record/game_view.h"
#include "core/notation.h"
#include "memory_responder.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace evo::app::testing {
namespace {

using nlohmann::json;

Move uci(const Position& position, const char* text) {
    Result<Move> move = parse_uci_move(position, text);
    EXPECT_TRUE(move) << text;
    return *move;
}

TEST(EngineJson, ProgressLineHasTheFieldsOfTheApi) {
    Result<Game> game = start_game("chess", "");
    ASSERT_TRUE(game);
    Position start = game->position();
    SearchProgress progress;
    progress.multipv = 2;
    progress.depth = 6;
    progress.centipawns = 35;
    progress.pv = {uci(start, "e2e4")};
    progress.nodes = 120000;
    progress.nodes_per_second = 800000;
    progress.time_ms = 150;

    json line = search_line_json(search_line(progress, start));
    EXPECT_EQ(line, json::parse(R"({"depth": 6, "multipv": 2, "score": {"cp": 35},
        "pv": [{"uci": "e2e4", "san": "e4"}], "nodes": 120000, "nps": 800000,
        "time_ms": 150})"));
}

TEST(EngineJson, ScoreIsFromWhitesPointOfViewAndTheLineStopsAtAnIllegalMove) {
    Result<Game> game = start_game("chess", "");
    ASSERT_TRUE(game);
    game->play(uci(game->position(), "e2e4"));
    Position root = game->position(); // Black to move
    SearchProgress progress;
    progress.mate_in = 3; // Black mates in 3
    progress.pv = {uci(root, "e7e5"), Move::none()};

    SearchLine line = search_line(progress, root);
    ASSERT_TRUE(line.score.mate);
    EXPECT_EQ(*line.score.mate, -3);
    ASSERT_EQ(line.pv.size(), 1u);
    EXPECT_EQ(line.pv[0].san, "e5");
    json written = search_line_json(line);
    EXPECT_EQ(written["score"], json::parse(R"({"mate": -3})"));
    EXPECT_EQ(written["pv"], json::parse(R"([{"uci": "e7e5", "san": "e5"}])"));

    progress.mate_in.reset();
    progress.centipawns = 40; // good for Black
    EXPECT_EQ(search_line_json(search_line(progress, root))["score"],
              json::parse(R"({"cp": -40})"));
}

GameView a_state() {
    GameView view;
    view.id = 7;
    Result<Game> game = start_game("chess", "");
    view.position = position_view_of(*game, {});
    return view;
}

TEST(EngineJson, StreamedMoveSendsInfoThenState) {
    auto responder = std::make_shared<MemoryResponder>();
    auto replies = engine_move_replies(responder, true);
    bool stopped = false;
    replies->begin([&] { stopped = true; });
    ASSERT_TRUE(responder->stream);
    SearchLine line;
    line.depth = 3;
    replies->progress(line);
    replies->answer(a_state());

    const auto& sent = responder->stream->sent;
    ASSERT_EQ(sent.size(), 2u);
    EXPECT_EQ(sent[0].rfind("event: info\ndata: ", 0), 0u) << sent[0];
    EXPECT_EQ(json::parse(sent[0].substr(sent[0].find('{')))["depth"], 3);
    EXPECT_EQ(sent[1].rfind("event: state\ndata: ", 0), 0u) << sent[1];
    EXPECT_EQ(json::parse(sent[1].substr(sent[1].find('{')))["id"], 7);
    EXPECT_TRUE(responder->stream->closed());
    EXPECT_TRUE(stopped); // the stream's close runs the hang-up, as a client leaving would
    EXPECT_FALSE(responder->response);
}

TEST(EngineJson, PlainMoveAnswersTheStateAndErrorsAsTheirStatus) {
    auto responder = std::make_shared<MemoryResponder>();
    auto replies = engine_move_replies(responder, false);
    replies->begin([] {});
    ASSERT_TRUE(responder->hangup);
    replies->progress(SearchLine{}); // no stream: nothing is sent
    replies->answer(a_state());
    ASSERT_TRUE(responder->response);
    EXPECT_EQ(responder->response->status, 200);
    EXPECT_EQ(json::parse(responder->response->body)["id"], 7);

    auto refused = std::make_shared<MemoryResponder>();
    auto replies_refused = engine_move_replies(refused, false);
    replies_refused->begin([] {});
    replies_refused->fail(conflict("the engine is already thinking"));
    ASSERT_TRUE(refused->response);
    EXPECT_EQ(refused->response->status, 409);
    EXPECT_EQ(json::parse(refused->response->body),
              json::parse(R"({"error": "the engine is already thinking"})"));
}

TEST(EngineJson, StreamedErrorIsAnErrorEvent) {
    auto responder = std::make_shared<MemoryResponder>();
    auto replies = engine_move_replies(responder, true);
    replies->begin([] {});
    replies->fail_internal(std::runtime_error("boom"));
    ASSERT_EQ(responder->stream->sent.size(), 1u);
    EXPECT_EQ(responder->stream->sent[0],
              "event: error\ndata: {\"error\":\"internal error: boom\"}\n\n");
    EXPECT_TRUE(responder->stream->closed());
}

} // namespace
} // namespace evo::app::testing
