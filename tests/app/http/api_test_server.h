// A real evochess API server on a free loopback port, over a fresh database, for tests.
#pragma once

#include "app/common/clock.h"
#include "app/game/service.h"
#include "app/http/api.h"
#include "app/http/server.h"
#include "app/storage/sqlite/game_repository.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

namespace evo::app::testing {

class ApiTestServer {
  public:
    // Serves the database in `directory` (created if needed) with the given engine, reading
    // the time from `clock` (the system's when none is given).
    explicit ApiTestServer(const std::filesystem::path& directory, SearchFunction search = {},
                           const Clock* clock = nullptr, ServiceOptions options = {},
                           ServerLimits limits = unlimited_rate(), RouterOptions router = {});
    // The server's limits, less the rate limit (tests send requests fast from one address).
    static ServerLimits unlimited_rate() {
        ServerLimits limits;
        limits.requests_per_second = 0;
        return limits;
    }
    ~ApiTestServer();
    ApiTestServer(const ApiTestServer&) = delete;
    ApiTestServer& operator=(const ApiTestServer&) = delete;

    int port() const { return port_; }
    std::unique_ptr<httplib::Client> client() const;
    GameService& service() { return service_; }
    SqliteGameRepository& store() { return store_; }
    HttpServer& http() { return server_; }

  private:
    SystemClock system_clock_;
    SqliteGameRepository store_;
    GameService service_;
    HttpServer server_;
    int port_ = 0;
};

// A fresh directory under the system's temporary one, removed by the destructor.
class TemporaryDirectory {
  public:
    TemporaryDirectory();
    ~TemporaryDirectory();
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

struct JsonAnswer {
    int status = 0;
    nlohmann::json body;
};

JsonAnswer get_json(httplib::Client& client, const std::string& path);
JsonAnswer post_json(httplib::Client& client, const std::string& path, const nlohmann::json& body);
JsonAnswer send_raw(httplib::Client& client, const std::string& method, const std::string& path,
                    const std::string& body);
// Makes the account `name` (password "password!") and answers its session cookie's value.
std::string create_account_session(httplib::Client& client, const std::string& name);

// A test against a server whose engine is the built-in one; skipped in a build without it.
class EngineServerTest : public ::testing::Test {
  protected:
    void SetUp() override;

    TemporaryDirectory directory_;
    std::unique_ptr<ApiTestServer> server_;
    std::unique_ptr<httplib::Client> client_;
};

} // namespace evo::app::testing
