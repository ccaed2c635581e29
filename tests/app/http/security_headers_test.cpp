// Issue 17 ("Hardening, round two"), headers and secrets: every answer the server gives (API,
// static file, error, event stream, refusals made before any handler runs) carries the
// headers a page on the public internet needs; answers are not stored unless they are files
// of the UI; a seat's token in the address is refused, the Authorization header carries it.
#include "api_test_server.h"
#include "raw_http.h"

#include <gtest/gtest.h>

#include <fstream>

namespace evo::app::testing {
namespace {

using nlohmann::json;

std::string lower(std::string text) {
    for (char& c : text)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return text;
}

// The value of a header of a raw HTTP answer (its name in any case), or "" when absent.
std::string header_of(const std::string& answer, const std::string& name) {
    std::string head = lower(answer.substr(0, answer.find("\r\n\r\n")));
    std::string wanted = "\r\n" + lower(name) + ":";
    std::size_t at = head.find(wanted);
    if (at == std::string::npos) return "";
    std::size_t begin = at + wanted.size();
    std::size_t end = head.find("\r\n", begin);
    std::string value = answer.substr(begin, end == std::string::npos ? end : end - begin);
    std::size_t first = value.find_first_not_of(' ');
    return first == std::string::npos ? "" : value.substr(first);
}

// The status line and headers of an event stream (the stream itself stays open).
std::string stream_head(int port, const std::string& target, const std::string& headers = "") {
    RawConnection connection(port);
    connection.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n");
    std::string answer = connection.read_until("\r\n\r\n");
    return answer.substr(0, answer.find("\r\n\r\n") + 4);
}

void expect_security_headers(const std::string& answer, const std::string& what) {
    SCOPED_TRACE(what + ":\n" + answer.substr(0, answer.find("\r\n\r\n")));
    std::string policy = header_of(answer, "Content-Security-Policy");
    EXPECT_NE(policy.find("default-src 'self'"), std::string::npos);
    // Its own scripts, and its own WebAssembly (the engine in the browser), nothing else.
    EXPECT_NE(policy.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos);
    EXPECT_NE(policy.find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_NE(policy.find("base-uri 'none'"), std::string::npos);
    EXPECT_EQ(policy.find("'unsafe-"), std::string::npos); // no inline scripts, no eval
    EXPECT_EQ(header_of(answer, "X-Frame-Options"), "DENY");
    EXPECT_EQ(header_of(answer, "X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(header_of(answer, "Referrer-Policy"), "no-referrer");
}

class SecurityHeadersTest : public ::testing::Test {
  protected:
    void start(ServerLimits limits = ApiTestServer::unlimited_rate()) {
        std::filesystem::create_directories(web_.path() / "assets");
        std::ofstream(web_.path() / "index.html") << "<!doctype html><title>evochess</title>";
        std::ofstream(web_.path() / "assets" / "index-abc123.js") << "console.log(1);";
        std::filesystem::create_directories(web_.path() / "wasm" / "dist");
        std::ofstream(web_.path() / "wasm" / "dist" / "evochess_wasm.wasm") << "\0asm";
        std::ofstream(web_.path() / "wasm" / "dist" / "evochess_wasm.mjs") << "export {};";
        RouterOptions router;
        router.web_dir = web_.path().string();
        server_ = std::make_unique<ApiTestServer>(directory_.path(), SearchFunction{}, nullptr,
                                                  ServiceOptions{}, limits, router);
        client_ = server_->client();
    }
    int port() const { return server_->port(); }
    // A new online game with both seats taken: its path and the two seats' tokens.
    std::tuple<std::string, std::string, std::string> online_game() {
        JsonAnswer created = post_json(*client_, "/api/games", {{"online", true}, {"colour", "w"}});
        EXPECT_EQ(created.status, 201) << created.body.dump();
        std::string path = "/api/games/" + std::to_string(created.body["id"].get<int>());
        std::string invite = created.body["invite"];
        std::string code = invite.substr(invite.find("invite=") + 7);
        JsonAnswer joined = post_json(*client_, path + "/join", {{"invite", code}});
        EXPECT_EQ(joined.status, 200) << joined.body.dump();
        return {path, created.body["seat"]["token"], joined.body["seat"]["token"]};
    }

    TemporaryDirectory directory_;
    TemporaryDirectory web_;
    std::unique_ptr<ApiTestServer> server_;
    std::unique_ptr<httplib::Client> client_;
};

TEST_F(SecurityHeadersTest, EveryKindOfAnswerCarriesTheSecurityHeaders) {
    start();
    auto [path, white, black] = online_game();
    expect_security_headers(round_trip(port(), get_request("/")), "the UI's page");
    expect_security_headers(round_trip(port(), get_request("/assets/index-abc123.js")),
                            "a static file");
    expect_security_headers(round_trip(port(), get_request("/api/info")), "a JSON answer");
    expect_security_headers(round_trip(port(), get_request("/api/games/999")), "a 404");
    expect_security_headers(round_trip(port(), "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n"),
                            "a request that could not be read (400)");
    expect_security_headers(stream_head(port(), path + "/events"), "an event stream");
    expect_security_headers(
        stream_head(port(), path + "/events", "Authorization: Bearer " + white + "\r\n"),
        "a seat's event stream");
}

// The browser compiles WebAssembly as it downloads only when it is served as application/wasm,
// and runs an .mjs module only with a JavaScript type.
TEST_F(SecurityHeadersTest, TheEnginesWebAssemblyFilesAreServedWithTheirTypes) {
    start();
    std::string wasm = round_trip(port(), get_request("/wasm/dist/evochess_wasm.wasm"));
    ASSERT_EQ(status_of(wasm), 200) << wasm;
    EXPECT_EQ(header_of(wasm, "Content-Type"), "application/wasm");
    std::string module = round_trip(port(), get_request("/wasm/dist/evochess_wasm.mjs"));
    EXPECT_EQ(header_of(module, "Content-Type"), "text/javascript; charset=utf-8");
}

TEST_F(SecurityHeadersTest, RefusalsBeforeAnyHandlerCarryThemToo) {
    ServerLimits limits;
    limits.requests_per_second = 1;
    limits.request_burst = 1;
    limits.max_connections_per_address = 1;
    start(limits);
    RawConnection held(port());
    held.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    held.read_until("\r\n\r\n{");
    std::string refused = round_trip(port(), get_request("/api/info"));
    ASSERT_EQ(status_of(refused), 503) << refused;
    expect_security_headers(refused, "too many connections (503)");
    EXPECT_EQ(header_of(refused, "Cache-Control"), "no-store");
    EXPECT_EQ(json::parse(body_of(refused))["error"],
              "too many connections; try again in a moment");

    held.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    std::string both = held.read_until_closed();
    std::string limited = both.substr(both.rfind("HTTP/1.1 ")); // the second answer
    ASSERT_EQ(status_of(limited), 429) << limited;
    expect_security_headers(limited, "too many requests (429)");
}

TEST_F(SecurityHeadersTest, AnswersWithSecretsAreNeverStoredWhileTheUiKeepsItsCaching) {
    start();
    auto [path, white, black] = online_game();
    std::string created = round_trip(
        port(), "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                "Content-Length: 2\r\nConnection: close\r\n\r\n{}");
    ASSERT_EQ(status_of(created), 201) << created;
    ASSERT_TRUE(json::parse(body_of(created)).contains("token")); // the owner's token
    EXPECT_EQ(header_of(created, "Cache-Control"), "no-store");
    std::string seated =
        round_trip(port(), get_request(path, "Authorization: Bearer " + black + "\r\n"));
    ASSERT_NE(body_of(seated).find(black), std::string::npos) << seated;
    EXPECT_EQ(header_of(seated, "Cache-Control"), "no-store");
    EXPECT_EQ(header_of(round_trip(port(), get_request("/api/games/999")), "Cache-Control"),
              "no-store");
    EXPECT_EQ(
        header_of(stream_head(port(), path + "/events", "Authorization: Bearer " + white + "\r\n"),
                  "Cache-Control"),
        "no-store");
    EXPECT_EQ(header_of(round_trip(port(), get_request("/")), "Cache-Control"), "no-cache");
    EXPECT_EQ(
        header_of(round_trip(port(), get_request("/assets/index-abc123.js")), "Cache-Control"),
        "public, max-age=31536000, immutable");
}

TEST_F(SecurityHeadersTest, ATokenInTheAddressIsRefusedWithAClearError) {
    start();
    auto [path, white, black] = online_game();
    for (std::string target : {path + "/events?token=" + white, path + "?token=" + white,
                               path + "/events?after=0&token=" + black}) {
        std::string answer = round_trip(port(), get_request(target));
        EXPECT_EQ(status_of(answer), 400) << target << "\n" << answer;
        std::string error = json::parse(body_of(answer), nullptr, false).value("error", "");
        EXPECT_NE(error.find("Authorization"), std::string::npos) << error;
        EXPECT_EQ(error.find(white), std::string::npos) << "the error repeats the secret";
    }
    // A move through a token in the address is refused before it is played.
    std::string move =
        round_trip(port(), "POST " + path + "/moves?token=" + white +
                               " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                               "Content-Length: 14\r\nConnection: close\r\n\r\n{\"uci\":\"e2e4\"}");
    EXPECT_EQ(status_of(move), 400) << move;
    EXPECT_EQ(get_json(*client_, path).body["history"].size(), 0u);
}

TEST_F(SecurityHeadersTest, ASeatsEventStreamTakesItsTokenFromTheAuthorizationHeader) {
    start();
    auto [path, white, black] = online_game();
    RawConnection stream(port());
    stream.send("GET " + path + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                white + "\r\n\r\n");
    // The first message comes once the stream is subscribed, with its seat.
    std::string first = stream.read_until("\"state\"");
    ASSERT_EQ(status_of(first), 200) << first;
    // The seat counts as present: White's away time is null while the stream is open.
    json state = get_json(*client_, path).body;
    EXPECT_TRUE(state["away"]["w"].is_null()) << state["away"].dump();
    EXPECT_FALSE(state["away"]["b"].is_null()) << state["away"].dump();
    // A token that holds no seat is refused, as for any other action.
    std::string wrong =
        stream_head(port(), path + "/events", "Authorization: Bearer not-a-seat\r\n");
    EXPECT_EQ(status_of(wrong), 403) << wrong;
}

} // namespace
} // namespace evo::app::testing
