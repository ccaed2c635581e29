#include "engine_json.h"

#include "event_text.h"
#include "game_view_json.h"
#include "json_answer.h"

namespace evo::app {

using nlohmann::json;

json engine_score_json(const EngineScore& score) {
    return score.mate ? json{{"mate", *score.mate}} : json{{"cp", score.centipawns}};
}

json search_line_json(const SearchLine& line) {
    json pv = json::array();
    for (const LegalMove& move : line.pv) pv.push_back({{"uci", move.uci}, {"san", move.san}});
    return {
        {"depth", line.depth},
        {"multipv", line.multipv},
        {"score", engine_score_json(line.score)},
        {"pv", std::move(pv)},
        {"nodes", line.nodes},
        {"nps", line.nodes_per_second},
        {"time_ms", line.time_ms},
    };
}

namespace {

class EngineMoveReplies : public SearchReplies<GameView> {
  public:
    EngineMoveReplies(std::shared_ptr<Responder> responder, bool stream)
        : responder_(std::move(responder)), stream_(stream) {}

    void begin(std::function<void()> stop) override {
        // The client went away: the search ends now (its move is still played).
        if (stream_) {
            sink_ = responder_->open_event_stream();
            sink_->on_close(std::move(stop));
        } else {
            responder_->on_hangup(std::move(stop));
        }
    }
    void progress(const SearchLine& line) override {
        if (sink_) send("info", search_line_json(line));
    }
    void answer(const GameView& state) override {
        if (!sink_) return responder_->respond(json_response(game_view_json(state)));
        send("state", game_view_json(state));
        sink_->close();
    }
    void fail(const ApiError& error) override {
        if (!sink_) return responder_->respond(error_response(error.kind(), error.what()));
        send("error", {{"error", error.what()}});
        sink_->close();
    }
    void fail_internal(const std::exception& error) override {
        if (!sink_)
            return responder_->respond(error_response(ErrorKind::Internal, "internal error"));
        send("error", {{"error", std::string("internal error: ") + error.what()}});
        sink_->close();
    }
    void abandon() override {
        if (sink_) sink_->close();
    }

  private:
    void send(const char* name, const json& data) { sink_->send(event_text(data, name)); }

    std::shared_ptr<Responder> responder_;
    bool stream_;
    std::shared_ptr<EventSink> sink_;
};

} // namespace

std::shared_ptr<SearchReplies<GameView>> engine_move_replies(std::shared_ptr<Responder> responder,
                                                             bool stream) {
    return std::make_shared<EngineMoveReplies>(std::move(responder), stream);
}

} // namespace evo::app
