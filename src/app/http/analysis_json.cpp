#include "analysis_json.h"

#include "app/analysis/service.h"
#include "engine_json.h"
#include "event_text.h"
#include "json_answer.h"
#include "json_fields.h"

namespace evo::app {

using nlohmann::json;

PositionRequest position_request(const json& body) {
    PositionRequest request;
    auto variant = optional_string(body, "variant");
    if (!variant) throw bad_request("name the variant (\"variant\": \"evochess\", ...)");
    request.variant = std::move(*variant);
    if (body.contains("moves")) {
        const json& list = body["moves"];
        if (!list.is_array()) throw bad_request("\"moves\" must be a list of UCI moves");
        if (list.size() > max_analysis_moves)
            throw bad_request("at most " + std::to_string(max_analysis_moves) + " moves");
        for (const json& move : list) {
            if (!move.is_string()) throw bad_request("\"moves\" must be a list of UCI moves");
            request.moves.push_back(move.get<std::string>());
        }
    }
    request.fen = optional_string(body, "fen").value_or("");
    return request;
}

AnalysisRequest analysis_request(const json& body, int max_movetime_ms) {
    AnalysisRequest request;
    request.position = position_request(body);
    request.multipv = optional_int(body, "multipv", 1, max_analysis_lines);
    request.depth = optional_int(body, "depth", 1, max_search_depth);
    request.movetime_ms = optional_int(body, "movetime_ms", 1, max_movetime_ms);
    return request;
}

json analysis_result_json(const AnalysisResult& result) {
    json lines = json::array();
    for (const SearchLine& line : result.lines) lines.push_back(search_line_json(line));
    return {{"lines", std::move(lines)}, {"depth", result.depth}};
}

namespace {

class AnalysisReplies : public SearchReplies<AnalysisResult> {
  public:
    AnalysisReplies(std::shared_ptr<Responder> responder, bool stream)
        : responder_(std::move(responder)), stream_(stream) {}

    void begin(std::function<void()> stop) override {
        if (stream_) {
            sink_ = responder_->open_event_stream();
            sink_->on_close(std::move(stop)); // nobody reads on
        } else {
            responder_->on_hangup(std::move(stop));
        }
    }
    void progress(const SearchLine& line) override {
        if (sink_) send(search_line_json(line));
    }
    void answer(const AnalysisResult& result) override {
        json answer = analysis_result_json(result);
        if (!sink_) return responder_->respond(json_response(answer));
        answer["done"] = true;
        send(answer);
        sink_->close();
    }
    void fail(const ApiError& error) override {
        if (!sink_) return responder_->respond(error_response(error.kind(), error.what()));
        send({{"error", error.what()}});
        sink_->close();
    }
    void fail_internal(const std::exception&) override {
        if (!sink_)
            return responder_->respond(error_response(ErrorKind::Internal, "internal error"));
        send({{"error", "internal error"}});
        sink_->close();
    }
    void abandon() override {
        if (sink_) sink_->close();
    }

  private:
    void send(const json& message) { sink_->send(event_text(message)); }

    std::shared_ptr<Responder> responder_;
    bool stream_;
    std::shared_ptr<EventSink> sink_;
};

} // namespace

std::shared_ptr<SearchReplies<AnalysisResult>>
analysis_replies(std::shared_ptr<Responder> responder, bool stream) {
    return std::make_shared<AnalysisReplies>(std::move(responder), stream);
}

} // namespace evo::app
