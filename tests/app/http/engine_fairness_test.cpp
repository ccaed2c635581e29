// Issue 17 ("Hardening, round two"): the engine threads are shared fairly. One client's burst
// cannot take them all, a client that hangs up stops its search, a server bounds the time
// one search may take, and only a game's owner may stop its engine.
#include "api_test_server.h"
#include "raw_http.h"

#include "core/notation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace evo::app::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A search that holds its engine thread, when `holds` says so, until the test releases it or
// the server tells it to stop; it answers e2e4 (the tests search chess's start position).
// Its state is shared with the search function the server keeps, so a search still returning
// on an engine thread when the test's HeldSearch goes (before the fixture's server) is safe.
class HeldSearch {
  public:
    explicit HeldSearch(std::function<bool(const SearchRequest&)> holds)
        : state_(std::make_shared<State>()) {
        state_->holds = std::move(holds);
    }
    ~HeldSearch() { release(); }

    SearchFunction function() {
        return [state = state_](const SearchRequest& request, const SearchProgressCallback&) {
            return state->run(request);
        };
    }
    void release() {
        std::lock_guard lock(state_->mutex);
        state_->released = true;
        state_->changed.notify_all();
    }
    // Waits (generously) until `done` holds of the counts; false if it never does.
    bool wait_until(const std::function<bool(int started, int stopped)>& done) {
        std::unique_lock lock(state_->mutex);
        return state_->changed.wait_for(lock, 20s,
                                        [&] { return done(state_->started, state_->stopped); });
    }

  private:
    struct State {
        SearchOutcome run(const SearchRequest& request) {
            std::unique_lock lock(mutex);
            if (holds(request)) {
                ++started;
                changed.notify_all();
                // The stop flag is an atomic the server sets: looked at every millisecond, as
                // the engine does between nodes.
                while (!released && !request.stop->load()) changed.wait_for(lock, 1ms);
                if (request.stop->load()) ++stopped;
                changed.notify_all();
            }
            return parse_uci_move(request.game.position(), "e2e4");
        }

        std::function<bool(const SearchRequest&)> holds;
        std::mutex mutex;
        std::condition_variable changed;
        bool released = false;
        int started = 0;
        int stopped = 0;
    };
    std::shared_ptr<State> state_;
};

std::string post_request(const std::string& target, const json& body,
                         const std::string& client = "") {
    std::string text = body.dump();
    return "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
           (client.empty() ? "" : "X-Forwarded-For: " + client + "\r\n") +
           "Content-Length: " + std::to_string(text.size()) + "\r\nConnection: close\r\n\r\n" +
           text;
}

class EngineFairnessTest : public ::testing::Test {
  protected:
    void start(SearchFunction search, ServiceOptions options, bool trust_proxy = false) {
        ServerLimits limits = ApiTestServer::unlimited_rate();
        limits.trust_forwarded_for = trust_proxy;
        server_ = std::make_unique<ApiTestServer>(directory_.path(), std::move(search), nullptr,
                                                  options, limits);
        client_ = server_->client();
    }
    json create_game() {
        JsonAnswer created = post_json(*client_, "/api/games", {{"variant", "chess"}});
        EXPECT_EQ(created.status, 201) << created.body.dump();
        return created.body;
    }
    static std::string game_path(const json& game) {
        return "/api/games/" + std::to_string(game["id"].get<int>());
    }

    TemporaryDirectory directory_;
    std::unique_ptr<ApiTestServer> server_;
    std::unique_ptr<httplib::Client> client_;
};

const json held_analysis = {{"variant", "chess"}, {"multipv", 2}, {"movetime_ms", 10000}};

TEST_F(EngineFairnessTest, OneClientsBurstCannotMakeAnothersEngineRequestFail) {
    HeldSearch search([](const SearchRequest& request) { return request.multipv == 2; });
    ServiceOptions options;
    options.engine_threads = 2;
    options.engine_queue = 4;
    options.engine_per_client = 1;
    start(search.function(), options, true);
    json game = create_game();

    // Twelve held analyses from one client: one runs, one waits, the others are turned away.
    std::vector<std::unique_ptr<RawConnection>> burst;
    for (int i = 0; i < 12; ++i) {
        burst.push_back(std::make_unique<RawConnection>(server_->port()));
        burst.back()->send(post_request("/api/analysis", held_analysis, "10.0.0.1"));
    }
    std::vector<int> statuses(burst.size(), 0);
    auto deadline = std::chrono::steady_clock::now() + 20s;
    int refused = 0;
    while (refused < 10 && std::chrono::steady_clock::now() < deadline) {
        for (std::size_t i = 0; i < burst.size(); ++i) {
            if (statuses[i] != 0) continue;
            statuses[i] = status_of(burst[i]->read_until("}", 10ms));
            refused += statuses[i] != 0;
        }
    }
    EXPECT_EQ(refused, 10);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), 10);
    EXPECT_TRUE(search.wait_until([](int started, int) { return started == 1; }));

    // Another client's engine move finds a thread.
    RawConnection other(server_->port());
    other.send(post_request(game_path(game) + "/engine", json::object(), "10.0.0.2"));
    std::string answer = other.read_until_closed(20s);
    EXPECT_EQ(status_of(answer), 200) << answer;
    search.release();
}

TEST_F(EngineFairnessTest, AClientThatHangsUpStopsItsAnalysis) {
    HeldSearch search([](const SearchRequest& request) { return request.multipv == 2; });
    ServiceOptions options;
    options.engine_threads = 1;
    options.engine_per_client = 1;
    start(search.function(), options);
    {
        RawConnection gone(server_->port());
        gone.send(post_request("/api/analysis", held_analysis));
        ASSERT_TRUE(search.wait_until([](int started, int) { return started == 1; }));
    }
    EXPECT_TRUE(search.wait_until([](int, int stopped) { return stopped == 1; }));
    // The thread and the client's share are free again.
    JsonAnswer next = post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"multipv", 1}});
    EXPECT_EQ(next.status, 200) << next.body.dump();
}

TEST_F(EngineFairnessTest, AClientThatHangsUpStopsItsEngineMove) {
    HeldSearch search([](const SearchRequest&) { return true; });
    ServiceOptions options;
    options.engine_threads = 1;
    start(search.function(), options);
    json game = create_game();
    {
        RawConnection gone(server_->port());
        gone.send(post_request(game_path(game) + "/engine", {{"movetime_ms", 30000}}));
        ASSERT_TRUE(search.wait_until([](int started, int) { return started == 1; }));
    }
    EXPECT_TRUE(search.wait_until([](int, int stopped) { return stopped == 1; }));
}

// A search that records the limits it was given.
struct RecordingSearch {
    std::mutex mutex;
    std::vector<EngineLimits> limits;
    SearchFunction function() {
        return [this](const SearchRequest& request, const SearchProgressCallback&) {
            std::lock_guard lock(mutex);
            limits.push_back(request.limits);
            return parse_uci_move(request.game.position(), "e2e4");
        };
    }
    EngineLimits last() {
        std::lock_guard lock(mutex);
        return limits.empty() ? EngineLimits{} : limits.back();
    }
};

TEST_F(EngineFairnessTest, NoSearchThinksLongerThanTheServerAllows) {
    RecordingSearch search;
    ServiceOptions options;
    options.max_engine_ms = 2000;
    start(search.function(), options);

    JsonAnswer over =
        post_json(*client_, game_path(create_game()) + "/engine", {{"movetime_ms", 5000}});
    EXPECT_EQ(over.status, 400) << over.body.dump();
    JsonAnswer within =
        post_json(*client_, game_path(create_game()) + "/engine", {{"movetime_ms", 1500}});
    EXPECT_EQ(within.status, 200) << within.body.dump();
    EXPECT_EQ(search.last().movetime_ms, 1500);

    // A depth, or the game's stored think time, is bounded by the server's time.
    JsonAnswer deep = post_json(*client_, game_path(create_game()) + "/engine", {{"depth", 30}});
    EXPECT_EQ(deep.status, 200) << deep.body.dump();
    EXPECT_EQ(search.last().depth, 30);
    EXPECT_EQ(search.last().movetime_ms, 2000);
    json slow = create_game();
    EXPECT_EQ(send_raw(*client_, "PATCH", game_path(slow),
                       json{{"engine", {{"movetime_ms", 60000}}}}.dump())
                  .status,
              200);
    EXPECT_EQ(post_json(*client_, game_path(slow) + "/engine", json::object()).status, 200);
    EXPECT_EQ(search.last().movetime_ms, 2000);

    JsonAnswer analysis =
        post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"movetime_ms", 5000}});
    EXPECT_EQ(analysis.status, 400) << analysis.body.dump();
    EXPECT_EQ(post_json(*client_, "/api/analysis", {{"variant", "chess"}, {"depth", 8}}).status,
              200);
    EXPECT_EQ(search.last().movetime_ms, 2000);
}

TEST_F(EngineFairnessTest, OnAnOpenServerOnlyTheOwnerStopsTheEngine) {
    RecordingSearch search;
    ServiceOptions options;
    options.local_games_need_token = true;
    start(search.function(), options);
    json game = create_game();
    std::string stop = game_path(game) + "/engine/stop";

    EXPECT_EQ(post_json(*client_, stop, json::object()).status, 401);
    httplib::Headers stranger{{"Authorization", "Bearer not-the-token"}};
    auto refused = client_->Post(stop, stranger, "{}", "application/json");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 403);
    httplib::Headers owner{{"Authorization", "Bearer " + game["token"].get<std::string>()}};
    auto stopped = client_->Post(stop, owner, "{}", "application/json");
    ASSERT_TRUE(stopped);
    EXPECT_EQ(stopped->status, 200) << stopped->body;
    EXPECT_EQ(json::parse(stopped->body)["stopped"], false);
}

} // namespace
} // namespace evo::app::testing
