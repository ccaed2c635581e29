// The JSON edge of the analysis board (docs/api.md, "POST /api/position", "POST
// /api/analysis"): the bodies read into typed requests, an analysis's answer written as the
// API has it, and its stream of plain messages ending in the answer with "done": true.
#include "app/http/analysis_json.h"
#include "memory_responder.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace evo::app::testing {
namespace {

using nlohmann::json;

TEST(AnalysisJson, PositionBodyIsReadIntoItsRequest) {
    PositionRequest request = position_request(
        json::parse(R"({"variant": "evochess", "fen": "some fen", "moves": ["e2e4", "e7e5"]})"));
    EXPECT_EQ(request.variant, "evochess");
    EXPECT_EQ(request.fen, "some fen");
    EXPECT_EQ(request.moves, (std::vector<std::string>{"e2e4", "e7e5"}));

    PositionRequest bare = position_request(json::parse(R"({"variant": "chess"})"));
    EXPECT_EQ(bare.fen, "");
    EXPECT_TRUE(bare.moves.empty());
}

void expect_bad_request(const json& body, const std::string& message) {
    try {
        analysis_request(body, 10000);
        ADD_FAILURE() << "read " << body.dump();
    } catch (const ApiError& error) {
        EXPECT_EQ(error.kind(), ErrorKind::BadRequest) << body.dump();
        EXPECT_EQ(std::string(error.what()), message);
    }
}

TEST(AnalysisJson, WrongFieldsAre400s) {
    expect_bad_request(json::object(), "name the variant (\"variant\": \"evochess\", ...)");
    expect_bad_request(json::parse(R"({"variant": "chess", "moves": "e2e4"})"),
                       "\"moves\" must be a list of UCI moves");
    expect_bad_request(json::parse(R"({"variant": "chess", "moves": [1]})"),
                       "\"moves\" must be a list of UCI moves");
    expect_bad_request(json::parse(R"({"variant": "chess", "multipv": 6})"),
                       "\"multipv\" must be between 1 and 5");
    expect_bad_request(json::parse(R"({"variant": "chess", "depth": 0})"),
                       "\"depth\" must be between 1 and 64");
    expect_bad_request(json::parse(R"({"variant": "chess", "movetime_ms": 10001})"),
                       "\"movetime_ms\" must be between 1 and 10000");
    json many = {{"variant", "chess"}, {"moves", json::array()}};
    for (int i = 0; i < 2001; ++i) many["moves"].push_back("e2e4");
    expect_bad_request(many, "at most 2000 moves");
}

TEST(AnalysisJson, AnalysisBodyIsReadIntoItsRequest) {
    AnalysisRequest request = analysis_request(
        json::parse(R"({"variant": "chess", "multipv": 2, "depth": 9, "movetime_ms": 500})"), 1000);
    EXPECT_EQ(request.position.variant, "chess");
    EXPECT_EQ(request.multipv, 2);
    EXPECT_EQ(request.depth, 9);
    EXPECT_EQ(request.movetime_ms, 500);
    AnalysisRequest defaults = analysis_request(json::parse(R"({"variant": "chess"})"), 1000);
    EXPECT_FALSE(defaults.multipv || defaults.depth || defaults.movetime_ms);
}

AnalysisResult a_result() {
    SearchLine best;
    best.multipv = 1;
    best.depth = 14;
    best.score.centipawns = 35;
    best.pv = {{Move::none(), "e2e4", "e4"}};
    best.nodes = 1200000;
    best.nodes_per_second = 900000;
    best.time_ms = 1000;
    SearchLine second = best;
    second.multipv = 2;
    second.score = {2, 0};
    return {{best, second}, 14};
}

TEST(AnalysisJson, ResultHasTheLinesAndTheDepth) {
    EXPECT_EQ(analysis_result_json(a_result()), json::parse(R"({"depth": 14, "lines": [
        {"multipv": 1, "depth": 14, "score": {"cp": 35}, "pv": [{"uci": "e2e4", "san": "e4"}],
         "nodes": 1200000, "nps": 900000, "time_ms": 1000},
        {"multipv": 2, "depth": 14, "score": {"mate": 2}, "pv": [{"uci": "e2e4", "san": "e4"}],
         "nodes": 1200000, "nps": 900000, "time_ms": 1000}]})"));
}

json data_of(const std::string& event) {
    EXPECT_EQ(event.rfind("data: ", 0), 0u) << event; // a plain message, no event name
    return json::parse(event.substr(6));
}

TEST(AnalysisJson, StreamSendsLinesThenTheAnswerDone) {
    auto responder = std::make_shared<MemoryResponder>();
    auto replies = analysis_replies(responder, true);
    replies->begin([] {});
    AnalysisResult result = a_result();
    replies->progress(result.lines[0]);
    replies->answer(result);
    const auto& sent = responder->stream->sent;
    ASSERT_EQ(sent.size(), 2u);
    EXPECT_EQ(data_of(sent[0]), json::parse(R"({"multipv": 1, "depth": 14, "score": {"cp": 35},
        "pv": [{"uci": "e2e4", "san": "e4"}], "nodes": 1200000, "nps": 900000,
        "time_ms": 1000})"));
    json done = analysis_result_json(result);
    done["done"] = true;
    EXPECT_EQ(data_of(sent[1]), done);
    EXPECT_TRUE(responder->stream->closed());
}

TEST(AnalysisJson, PlainAnswerAndErrors) {
    auto responder = std::make_shared<MemoryResponder>();
    auto replies = analysis_replies(responder, false);
    replies->begin([] {});
    replies->answer(a_result());
    ASSERT_TRUE(responder->response);
    EXPECT_EQ(json::parse(responder->response->body), analysis_result_json(a_result()));

    auto streamed = std::make_shared<MemoryResponder>();
    auto failing = analysis_replies(streamed, true);
    failing->begin([] {});
    failing->fail_internal(std::runtime_error("boom")); // the cause is not told
    ASSERT_EQ(streamed->stream->sent.size(), 1u);
    EXPECT_EQ(data_of(streamed->stream->sent[0]), json::parse(R"({"error": "internal error"})"));

    auto busy = std::make_shared<MemoryResponder>();
    auto refused = analysis_replies(busy, false);
    refused->begin([] {});
    refused->fail(unavailable("every engine thread is busy"));
    ASSERT_TRUE(busy->response);
    EXPECT_EQ(busy->response->status, 503);
}

} // namespace
} // namespace evo::app::testing
