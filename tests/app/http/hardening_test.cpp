// Issue 9 ("Hardening"): each request that broke the server, sent as raw bytes, now gets a
// clear answer and the server keeps serving; every size and count has a bound.
#include "api_test_server.h"
#include "raw_http.h"

#include "app/common/fault_log.h"
#include "app/common/storage_error.h"
#include "app/http/json_answer.h"
#include "app/storage/sqlite/database.h"
#include "core/notation.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <mutex>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class HttpHardeningTest : public ::testing::Test {
  protected:
    void start(ServerLimits limits = ApiTestServer::unlimited_rate(), ServiceOptions options = {},
               SearchFunction search = {}) {
        server_ = std::make_unique<ApiTestServer>(directory_.path(), std::move(search), nullptr,
                                                  options, limits);
    }
    void expect_still_serving() {
        std::string answer = round_trip(server_->port(), get_request("/api/info"));
        EXPECT_EQ(status_of(answer), 200) << answer;
    }

    TemporaryDirectory directory_;
    std::unique_ptr<ApiTestServer> server_;
};

TEST_F(HttpHardeningTest, InvalidUtf8PathIsA404NotACrash) {
    start();
    for (std::string target : {"/%ff", "/\xff\xfe", "/api/games/\xc3", "/api/\xed\xa0\x80"}) {
        std::string answer = round_trip(server_->port(), get_request(target));
        EXPECT_EQ(status_of(answer), 404) << answer;
        EXPECT_FALSE(json::parse(body_of(answer), nullptr, false).is_discarded()) << answer;
    }
    expect_still_serving();
}

TEST_F(HttpHardeningTest, ChunkedBodyOverTheLimitIs413) {
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.max_body_bytes = 64 * 1024;
    start(limits);
    RawConnection connection(server_->port());
    connection.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
                    "chunked\r\n\r\n");
    std::string chunk(8192, '[');
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
    for (int i = 0; i < 32; ++i)
        if (!connection.send(size + chunk + "\r\n")) break;
    std::string answer = connection.read_until_closed();
    EXPECT_EQ(status_of(answer), 413) << answer.substr(0, 200);
    expect_still_serving();
}

TEST_F(HttpHardeningTest, OversizedHeadersAre431WithAClearMessage) {
    start();
    RawConnection connection(server_->port());
    connection.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for (int i = 0; i < 100; ++i)
        if (!connection.send("X-Filler-" + std::to_string(i) + ": " + std::string(1000, 'a') +
                             "\r\n"))
            break;
    std::string answer = connection.read_until_closed();
    EXPECT_EQ(status_of(answer), 431) << answer.substr(0, 200);
    EXPECT_NE(body_of(answer).find("headers"), std::string::npos) << answer;
    expect_still_serving();
}

TEST_F(HttpHardeningTest, ContentLengthThatIsNoNumberIs400) {
    start();
    std::string answer =
        round_trip(server_->port(),
                   "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n{}");
    EXPECT_EQ(status_of(answer), 400) << answer;
    EXPECT_NE(body_of(answer).find("Content-Length"), std::string::npos) << answer;
    expect_still_serving();
}

TEST_F(HttpHardeningTest, MultiRangeHeaderGetsOneWholeBody) {
    std::ofstream(directory_.path() / "index.html") << std::string(1000, 'x');
    RouterOptions router;
    router.web_dir = directory_.path().string();
    server_ =
        std::make_unique<ApiTestServer>(directory_.path(), SearchFunction{}, nullptr,
                                        ServiceOptions{}, ApiTestServer::unlimited_rate(), router);
    std::string ranges = "Range: bytes=0-";
    for (int i = 0; i < 800; ++i) ranges += ",0-999";
    std::string answer = round_trip(server_->port(), get_request("/", ranges + "\r\n"));
    EXPECT_EQ(status_of(answer), 200);
    EXPECT_EQ(body_of(answer).size(), 1000u);
}

TEST_F(HttpHardeningTest, SlowClientsDoNotHoldUpOthers) {
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.max_connections_per_address = 1000;
    start(limits);
    // 200 connections that never finish their headers (a slowloris), then a normal request.
    std::vector<std::unique_ptr<RawConnection>> slow;
    for (int i = 0; i < 200; ++i) {
        slow.push_back(std::make_unique<RawConnection>(server_->port()));
        slow.back()->send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    }
    RawConnection connection(server_->port());
    connection.send(get_request("/api/info"));
    EXPECT_EQ(status_of(connection.read_until_closed(std::chrono::seconds(5))), 200);
}

TEST_F(HttpHardeningTest, ConnectionsFromOneAddressAreBounded) {
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.max_connections_per_address = 4;
    start(limits);
    std::vector<std::unique_ptr<RawConnection>> open;
    for (int i = 0; i < 4; ++i) {
        open.push_back(std::make_unique<RawConnection>(server_->port()));
        open.back()->send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        open.back()->read_until("\r\n\r\n{");
    }
    std::string refused = round_trip(server_->port(), get_request("/api/info"));
    EXPECT_EQ(status_of(refused), 503) << refused;
    open.clear();
    // The slots come back once those connections close.
    std::string answer;
    for (int attempt = 0; attempt < 50 && status_of(answer) != 200; ++attempt)
        answer = round_trip(server_->port(), get_request("/api/info"));
    EXPECT_EQ(status_of(answer), 200);
}

TEST_F(HttpHardeningTest, IdleConnectionsAreClosed) {
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.request_timeout = std::chrono::milliseconds(200);
    start(limits);
    RawConnection idle(server_->port());
    idle.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // The server hangs up well before this limit; what came is no answer at all.
    EXPECT_EQ(idle.read_until_closed(std::chrono::seconds(10)), "");
    expect_still_serving();
}

TEST_F(HttpHardeningTest, ManyRequestsFromOneAddressAre429) {
    ServerLimits limits;
    limits.requests_per_second = 1;
    limits.request_burst = 3;
    start(limits);
    std::vector<int> statuses;
    for (int i = 0; i < 6; ++i)
        statuses.push_back(status_of(round_trip(server_->port(), get_request("/api/info"))));
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), 3)
        << ::testing::PrintToString(statuses);
    std::string answer = round_trip(server_->port(), get_request("/api/info"));
    EXPECT_NE(answer.find("Retry-After"), std::string::npos);
}

TEST_F(HttpHardeningTest, InvalidUtf8InAFenErrorIsA400) {
    start();
    auto client = server_->client();
    std::string fen;
    for (int i = 0; i < 60; ++i) fen += "\xc3\xa9"; // é: an error message that cuts it in two
    JsonAnswer answer = post_json(*client, "/api/games", {{"variant", "chess"}, {"fen", fen}});
    EXPECT_EQ(answer.status, 400) << answer.body.dump();
    // A PGN whose tag is not UTF-8 is not even JSON: sent as bytes, it is a 400 too.
    std::string body = "{\"pgn\": \"[Event \\\"" + fen + "\\\"]\\n[Bad\xff \\\"x\\\"]\\n1. e4 *\"}";
    EXPECT_EQ(send_raw(*client, "POST", "/api/games", body).status, 400);
    answer = post_json(*client, "/api/games",
                       {{"pgn", "[Event \"" + fen + "\"]\n[Bad tag \"x\"]\n1. e4 *"}});
    EXPECT_EQ(answer.status, 400) << answer.body.dump();
}

// Issue 17: a body's JSON is bounded in depth and in values before it is built (a 1 MiB
// body of nested arrays became some 100 MB); requests well inside the bounds still work.
TEST_F(HttpHardeningTest, DeepOrHugeJsonBodiesAre400) {
    start();
    auto client = server_->client();
    std::string deep =
        "{\"variant\": \"chess\", \"x\": " + std::string(100, '[') + std::string(100, ']') + "}";
    JsonAnswer answer = send_raw(*client, "POST", "/api/games", deep);
    EXPECT_EQ(answer.status, 400) << answer.body.dump();
    EXPECT_NE(answer.body.dump().find("nested deeper than 32"), std::string::npos)
        << answer.body.dump();
    std::string nested_mib = std::string(512 * 1024, '[') + std::string(512 * 1024, ']');
    answer = send_raw(*client, "POST", "/api/games", nested_mib);
    EXPECT_NE(answer.body.dump().find("nested deeper than 32"), std::string::npos)
        << answer.body.dump().substr(0, 200);

    std::string many = "{\"variant\": \"chess\", \"x\": [0";
    for (int i = 0; i < 30'000; ++i) many += ",0";
    answer = send_raw(*client, "POST", "/api/games", many + "]}");
    EXPECT_EQ(answer.status, 400) << answer.body.dump();
    EXPECT_NE(answer.body.dump().find("more than 20000 JSON values"), std::string::npos)
        << answer.body.dump();

    json within = {{"variant", "chess"},
                   {"x", json::parse(std::string(30, '[') + "1" + std::string(30, ']'))}};
    within["y"] = json::array();
    for (int i = 0; i < 5000; ++i) within["y"].push_back(i);
    EXPECT_EQ(post_json(*client, "/api/games", within).status, 201);
    EXPECT_EQ(send_raw(*client, "POST", "/api/games", "{").status, 400);
    expect_still_serving();
}

// Issue 17: RFC 9112 answers a request with two Host headers 400 (which one would count?);
// a Host in capitals is still this server.
TEST_F(HttpHardeningTest, TwoHostHeadersAre400AndHostIsCaseInsensitive) {
    start();
    std::string answer = round_trip(
        server_->port(), get_request("/api/info", "Host: evil.example\r\n")); // a second Host
    EXPECT_EQ(status_of(answer), 400) << answer;
    EXPECT_NE(body_of(answer).find("one Host header"), std::string::npos) << answer;
    answer = round_trip(server_->port(),
                        "GET /api/info HTTP/1.1\r\nHost: LOCALHOST\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(answer), 200) << answer;
    expect_still_serving();
}

// Issue 47, L7: an HTTP/1.1 request without Host is 400 (RFC 9112 3.2); HTTP/1.0 needs none.
TEST_F(HttpHardeningTest, AnHttp11RequestWithoutHostIs400) {
    start();
    std::string answer =
        round_trip(server_->port(), "GET /api/info HTTP/1.1\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(answer), 400) << answer;
    EXPECT_NE(body_of(answer).find("must have a Host header"), std::string::npos) << answer;
    answer = round_trip(server_->port(), "GET /api/info HTTP/1.0\r\n\r\n");
    EXPECT_EQ(status_of(answer), 200) << answer;
}

// Issue 47, L7: a HEAD is told the length its GET would have (it was told 0), without a body,
// and the connection goes on to the next request.
TEST_F(HttpHardeningTest, AHeadIsToldTheLengthOfItsGetAndHasNoBody) {
    start();
    std::string got = round_trip(server_->port(), get_request("/"));
    std::string length_line = "Content-Length: " + std::to_string(body_of(got).size()) + "\r\n";
    ASSERT_FALSE(body_of(got).empty()) << got;
    std::string host = "Host: 127.0.0.1:" + std::to_string(server_->port()) + "\r\n";
    std::string both = round_trip(server_->port(), "HEAD / HTTP/1.1\r\n" + host + "\r\n" +
                                                       "GET /api/info HTTP/1.1\r\n" + host +
                                                       "Connection: close\r\n\r\n");
    std::size_t second = both.find("HTTP/1.1 ", 1);
    ASSERT_NE(second, std::string::npos) << both;
    std::string head = both.substr(0, second);
    EXPECT_EQ(status_of(head), status_of(got)) << head;
    EXPECT_NE(head.find(length_line), std::string::npos) << head;
    EXPECT_EQ(head.substr(head.find("\r\n\r\n") + 4), "") << "a HEAD has no body";
    EXPECT_EQ(status_of(both.substr(second)), 200) << both;
}

// Issue 47, L7: a read that the storage cannot answer is not told that a change was lost.
TEST(JsonAnswer, AStorageFailureOfAReadSaysSoAndNotThatAChangeWasLost) {
    auto failure = std::make_exception_ptr(StorageError(StorageErrorKind::Unavailable, "down"));
    HttpResponse read = failure_response(failure, true);
    EXPECT_EQ(read.status, 503);
    EXPECT_EQ(json::parse(read.body)["error"],
              "the game storage cannot be read now: try again shortly");
    HttpResponse write = failure_response(failure);
    EXPECT_EQ(json::parse(write.body)["error"],
              "the game storage cannot be written now: the change was not saved");
}

// Issue 17: the Origin check compares the scheme too: the server speaks plain HTTP, so a page
// on https://127.0.0.1:PORT (another origin) may not drive it.
TEST_F(HttpHardeningTest, AnOriginOfAnotherSchemeIsRefused) {
    start();
    std::string host = "127.0.0.1:" + std::to_string(server_->port());
    auto post_from = [&](const std::string& origin) {
        return status_of(round_trip(
            server_->port(), "POST /api/games HTTP/1.1\r\nHost: " + host + "\r\nOrigin: " + origin +
                                 "\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"));
    };
    EXPECT_EQ(post_from("https://" + host), 403);
    EXPECT_EQ(post_from("http://" + host), 201);
}

TEST_F(HttpHardeningTest, FullDiskIs507AndReadOnlyStorageIs503) {
    start();
    auto client = server_->client();
    json game = post_json(*client, "/api/games", {{"variant", "chess"}}).body;
    std::string moves = "/api/games/" + std::to_string(game["id"].get<int>()) + "/moves";
    auto& store_db = server_->store().database_for_tests();
    store_db.execute("PRAGMA query_only = ON");
    JsonAnswer answer = post_json(*client, moves, {{"uci", "e2e4"}});
    EXPECT_EQ(answer.status, 503) << answer.body.dump();
    EXPECT_EQ(get_json(*client, "/api/games/" + std::to_string(game["id"].get<int>()))
                  .body["history"]
                  .size(),
              0u);
    store_db.execute("PRAGMA query_only = OFF");
    answer = post_json(*client, moves, {{"uci", "e2e4"}});
    EXPECT_EQ(answer.status, 200) << answer.body.dump();

    // No page more may be added: new games fill the last page and then the disk is "full".
    SqliteStatement pages(store_db, "PRAGMA page_count");
    pages.step();
    store_db.execute("PRAGMA max_page_count = " + std::to_string(pages.column_int(0)));
    int status = 201;
    for (int i = 0; i < 5000 && status == 201; ++i)
        status = post_json(*client, "/api/games", {{"variant", "chess"}}).status;
    EXPECT_EQ(status, 507);
    EXPECT_EQ(get_json(*client, "/api/info").status, 200);
}

TEST(FaultLog, AFaultIsToldOnceAMinute) {
    ::testing::internal::CaptureStderr();
    for (int i = 0; i < 1000; ++i) log_fault("test fault", "the disk is full");
    std::string told = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(std::count(told.begin(), told.end(), '\n'), 1) << told;
}

TEST(JsonAnswer, TextThatIsNotUtf8CannotBreakAnAnswer) {
    HttpResponse answer = error_response(ErrorKind::NotFound, "no such route: GET /\xff\xfe");
    EXPECT_EQ(answer.status, 404);
    EXPECT_FALSE(json::parse(answer.body, nullptr, false).is_discarded());
}

// The edge that every handler runs behind: whatever a handler throws becomes a 500 and the
// server goes on (the fault-injection test of issue 9).
TEST(HttpServerEdge, AHandlerThatThrowsIsA500AndTheServerGoesOn) {
    HttpServer server(
        [](const HttpRequest& request, std::shared_ptr<Responder> responder) {
            if (request.path == "/std") throw std::runtime_error("injected fault");
            if (request.path == "/other") throw 42;
            if (request.path == "/alloc") throw std::bad_alloc();
            responder->respond(json_response({{"ok", true}}));
        },
        ApiTestServer::unlimited_rate());
    int port = server.listen("127.0.0.1", 0);
    server.start(2);
    for (std::string path : {"/std", "/other", "/alloc"}) {
        std::string answer = round_trip(port, get_request(path));
        EXPECT_EQ(status_of(answer), 500) << path << ": " << answer;
    }
    EXPECT_EQ(status_of(round_trip(port, get_request("/fine"))), 200);
    server.stop();
}

// A response may set two cookies (a session and a visitor's): both reach the client, while a
// handler's other headers replace the defaults of the same name.
TEST(HttpServerEdge, EverySetCookieOfAnAnswerIsSent) {
    HttpServer server(
        [](const HttpRequest&, std::shared_ptr<Responder> responder) {
            HttpResponse response = json_response({{"ok", true}});
            response.headers.emplace_back("Set-Cookie", "first=1; Path=/");
            response.headers.emplace_back("Set-Cookie", "second=2; Path=/");
            response.headers.emplace_back("Cache-Control", "no-store");
            responder->respond(std::move(response));
        },
        ApiTestServer::unlimited_rate());
    int port = server.listen("127.0.0.1", 0);
    server.start(1);
    std::string answer = round_trip(port, get_request("/"));
    EXPECT_NE(answer.find("Set-Cookie: first=1; Path=/\r\n"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Set-Cookie: second=2; Path=/\r\n"), std::string::npos) << answer;
    auto cache_control = answer.find("Cache-Control:");
    ASSERT_NE(cache_control, std::string::npos);
    EXPECT_EQ(answer.find("Cache-Control:", cache_control + 1), std::string::npos) << answer;
    server.stop();
}

// A draining stop (SIGTERM behind a proxy): a request a handler has when the drain begins is
// answered before the server stops, and new connections are refused at once.
TEST(HttpServerEdge, ADrainAnswersTheRequestInFlightAndRefusesNewConnections) {
    HttpServer* running = nullptr;
    std::thread stopper;
    int port = 0;
    bool refused_while_draining = false;
    HttpServer server(
        [&](const HttpRequest&, std::shared_ptr<Responder> responder) {
            stopper = std::thread([&] {
                running->drain(std::chrono::seconds(5));
                running->stop();
            });
            while (!running->draining()) std::this_thread::yield();
            refused_while_draining = round_trip(port, get_request("/other")).empty();
            responder->respond(json_response({{"answered", true}}));
        },
        ApiTestServer::unlimited_rate());
    running = &server;
    port = server.listen("127.0.0.1", 0);
    server.start(1);
    std::string answer = round_trip(port, get_request("/slow"));
    EXPECT_EQ(status_of(answer), 200) << answer;
    stopper.join();
    EXPECT_TRUE(refused_while_draining);
}

// Searches run on one thread per core with a short queue; beyond it, 503 at once.
TEST_F(HttpHardeningTest, EngineRequestsBeyondTheQueueAre503) {
    std::mutex mutex;
    std::condition_variable released;
    bool release = false;
    int started = 0;
    SearchFunction held_search = [&](const SearchRequest& request,
                                     const SearchProgressCallback&) -> SearchOutcome {
        std::unique_lock lock(mutex);
        ++started;
        released.notify_all();
        released.wait(lock, [&] { return release; });
        return parse_uci_move(request.game.position(), "e2e4");
    };
    ServiceOptions options;
    options.engine_threads = 1;
    options.engine_queue = 1;
    start(ApiTestServer::unlimited_rate(), options, held_search);
    auto client = server_->client();
    std::vector<std::string> engine_requests;
    for (int i = 0; i < 3; ++i) {
        json game = post_json(*client, "/api/games", {{"variant", "chess"}}).body;
        engine_requests.push_back("POST /api/games/" + std::to_string(game["id"].get<int>()) +
                                  "/engine HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                                  "0\r\nConnection: close\r\n\r\n");
    }
    std::vector<std::unique_ptr<RawConnection>> connections;
    for (int i = 0; i < 3; ++i) {
        connections.push_back(std::make_unique<RawConnection>(server_->port()));
        connections.back()->send(engine_requests[std::size_t(i)]);
        if (i == 0) {
            // The first search runs (and holds the only engine thread) before the others come.
            std::unique_lock lock(mutex);
            released.wait(lock, [&] { return started == 1; });
        }
    }
    // Of the two that came while it ran, one waits in the queue; the other finds it full.
    std::string refused;
    for (int i = 1; i < 3 && refused.empty(); ++i) {
        std::string answer = connections[std::size_t(i)]->read_until("}", std::chrono::seconds(2));
        if (status_of(answer) == 503) refused = answer;
    }
    EXPECT_EQ(status_of(refused), 503) << refused;
    {
        std::lock_guard lock(mutex);
        release = true;
    }
    released.notify_all();
    int answered = 0;
    for (auto& connection : connections)
        answered += status_of(connection->read_until_closed()) == 200;
    EXPECT_EQ(answered, 2);
}

} // namespace
} // namespace evo::app::testing
