#include "api_test_server.h"

#include "app/http/stream_text.h"
#include "app/server/server.h"

#include <atomic>
#include <csignal>
#include <regex>
#include <stdexcept>
#include <unistd.h>

namespace evo::app::testing {

namespace fs = std::filesystem;

namespace {

ServiceOptions with_defaults(ServiceOptions options) {
    options.engine_threads = options.engine_threads ? options.engine_threads : 2;
    return options;
}

} // namespace

ApiTestServer::ApiTestServer(const fs::path& directory, SearchFunction search, const Clock* clock,
                             ServiceOptions options, ServerLimits limits, RouterOptions router)
    : store_((fs::create_directories(directory), directory / "games.sqlite3").string()),
      service_(store_, std::move(search), clock ? *clock : system_clock_, stream_text(),
               with_defaults(options)),
      server_(make_request_handler(service_, router), limits) {
    std::signal(SIGPIPE, SIG_IGN); // a test's client may write to a connection the server ended
    port_ = server_.listen("127.0.0.1", 0);
    server_.start(2);
}

ApiTestServer::~ApiTestServer() {
    service_.shutdown();
    server_.stop();
}

std::unique_ptr<httplib::Client> ApiTestServer::client() const {
    auto client = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client->set_read_timeout(60, 0);
    return client;
}

TemporaryDirectory::TemporaryDirectory() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            ("evochess-app-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
}

TemporaryDirectory::~TemporaryDirectory() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

namespace {

JsonAnswer answer_of(const httplib::Result& result) {
    if (!result)
        throw std::runtime_error("no answer from the test server: " +
                                 httplib::to_string(result.error()));
    JsonAnswer answer{result->status, nlohmann::json::parse(result->body, nullptr, false)};
    return answer;
}

} // namespace

JsonAnswer get_json(httplib::Client& client, const std::string& path) {
    return answer_of(client.Get(path));
}

JsonAnswer post_json(httplib::Client& client, const std::string& path, const nlohmann::json& body) {
    return answer_of(client.Post(path, body.dump(), "application/json"));
}

JsonAnswer send_raw(httplib::Client& client, const std::string& method, const std::string& path,
                    const std::string& body) {
    if (method == "POST") return answer_of(client.Post(path, body, "application/json"));
    if (method == "PATCH") return answer_of(client.Patch(path, body, "application/json"));
    if (method == "DELETE") return answer_of(client.Delete(path));
    return answer_of(client.Get(path));
}

std::string create_account_session(httplib::Client& client, const std::string& name) {
    httplib::Result result = client.Post(
        "/api/accounts", nlohmann::json{{"name", name}, {"password", "password!"}}.dump(),
        "application/json");
    std::smatch match;
    std::string cookie = result ? result->get_header_value("Set-Cookie") : "";
    if (!std::regex_search(cookie, match, std::regex("^evo_session=([0-9a-f]{64});")))
        throw std::runtime_error("no session for " + name);
    return match[1];
}

void EngineServerTest::SetUp() {
    SearchFunction search = built_in_search();
    if (!search) GTEST_SKIP() << "this build has no engine (src/engine)";
    server_ = std::make_unique<ApiTestServer>(directory_.path(), std::move(search));
    client_ = server_->client();
}

} // namespace evo::app::testing
