// libFuzzer target for the server's request path: the bytes are one HTTP request, parsed
// under the server's limits as a connection would parse it, then routed by the real router
// into a real game service on a temporary SQLite database. Whatever comes in, the answer is
// given once, its status is one of the error table's (api_error.h) or a success, and a
// JSON answer parses; nothing throws out and nothing crashes.
#include "app/common/clock.h"
#include "app/game/service.h"
#include "app/http/api.h"
#include "app/http/beast_request.h"
#include "app/http/game_commands_json.h"
#include "app/http/stream_text.h"
#include "app/storage/sqlite/game_repository.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unistd.h>

namespace {

using namespace evo::app;

class RecordingSink : public EventSink {
  public:
    bool send(EventText text) override {
        if (closed_) return false;
        sent_ += text->size();
        return true;
    }
    void close() override {
        if (closed_) return;
        closed_ = true;
        for (auto& callback : callbacks_) callback();
        callbacks_.clear();
    }
    bool closed() const override { return closed_; }
    void on_close(std::function<void()> callback) override {
        if (closed_)
            callback();
        else
            callbacks_.push_back(std::move(callback));
    }

  private:
    bool closed_ = false;
    std::size_t sent_ = 0;
    std::vector<std::function<void()>> callbacks_;
};

class RecordingResponder : public Responder {
  public:
    void respond(HttpResponse response) override {
        if (answers_++ == 0) response_ = std::move(response);
    }
    std::shared_ptr<EventSink> open_stream(StreamFormat) override {
        ++answers_;
        sink_ = std::make_shared<RecordingSink>();
        return sink_;
    }
    bool answered() const override { return answers_ > 0; }
    // The fuzzed client stays connected until it has its answer, so a hang-up never comes.
    void on_hangup(std::function<void()>) override {}
    int answers() const { return answers_; }
    const std::optional<HttpResponse>& response() const { return response_; }
    void close_stream() {
        if (sink_) sink_->close();
    }

  private:
    int answers_ = 0;
    std::optional<HttpResponse> response_;
    std::shared_ptr<RecordingSink> sink_;
};

struct Fixture {
    Fixture()
        : directory(std::filesystem::temp_directory_path() /
                    ("evochess-http-fuzz-" + std::to_string(::getpid()))),
          store((std::filesystem::remove_all(directory),
                 std::filesystem::create_directories(directory),
                 (directory / "games.sqlite3").string())),
          service(store, {}, clock, stream_text(), options()),
          handler(make_request_handler(service, {})) {
        // A few games to act on: ids 1 to 3, one of them online with both seats taken.
        service.create(create_game_command({{"variant", "evochess"}}));
        service.create(
            create_game_command({{"variant", "promoteking"}, {"clock", {{"initial_ms", 60000}}}}));
        service.create(create_game_command({{"variant", "chess"}, {"online", true}}));
    }
    ~Fixture() {
        service.shutdown();
        std::error_code ignored;
        std::filesystem::remove_all(directory, ignored);
    }
    static ServiceOptions options() {
        ServiceOptions options;
        options.engine_threads = 1;
        return options;
    }

    std::filesystem::path directory;
    ManualClock clock;
    SqliteGameRepository store;
    GameService service;
    RequestHandler handler;
};

const std::set<int> allowed_statuses = {200, 201, 400, 401, 403, 404, 409,
                                        413, 422, 429, 431, 503, 507};

void check_answer(const HttpResponse& response) {
    if (!allowed_statuses.count(response.status)) std::abort();
    if (response.content_type == "application/json" &&
        nlohmann::json::parse(response.body, nullptr, false).is_discarded())
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static std::optional<Fixture> fixture;
    static int runs = 0;
    // A fresh database now and then keeps the one under test small.
    if (!fixture || ++runs % 20000 == 0) {
        fixture.reset();
        fixture.emplace();
    }
    ServerLimits limits;
    limits.max_body_bytes = 64 * 1024;
    auto parsed =
        parse_request_bytes(std::string_view(reinterpret_cast<const char*>(data), size), limits);
    if (auto* refused = std::get_if<HttpResponse>(&parsed)) {
        check_answer(*refused);
        return 0;
    }
    fixture->clock.advance(1000);
    auto responder = std::make_shared<RecordingResponder>();
    fixture->handler(std::get<HttpRequest>(parsed), responder);
    if (responder->answers() != 1) std::abort();
    if (responder->response()) check_answer(*responder->response());
    responder->close_stream();
    fixture->service.settle_due_flags();
    return 0;
}
