#include "api_test_server.h"

#include <atomic>
#include <stdexcept>
#include <unistd.h>

namespace evo::app::testing {

namespace fs = std::filesystem;

ApiTestServer::ApiTestServer(const fs::path& directory, SearchFunction search)
    : store_((fs::create_directories(directory), directory / "games.sqlite3").string()),
      service_(store_, std::move(search)) {
    register_api_routes(server_, service_);
    port_ = server_.bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("the test server cannot bind a loopback port");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
}

ApiTestServer::~ApiTestServer() {
    server_.stop();
    thread_.join();
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

} // namespace evo::app::testing
