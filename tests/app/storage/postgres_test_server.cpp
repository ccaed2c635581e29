#include "postgres_test_server.h"

#include "app/storage/postgres/connection.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>

#ifndef EVO_POSTGRES_TEST_SERVER_SCRIPT
#error "EVO_POSTGRES_TEST_SERVER_SCRIPT must name tests/app/storage/postgres_test_server.sh"
#endif

namespace evo::app::testing {

namespace {

std::unique_ptr<PostgresTestServer>& started_server() {
    static std::unique_ptr<PostgresTestServer> server;
    return server;
}

class StopPostgresAtTheEnd : public ::testing::Environment {
  public:
    void TearDown() override { PostgresTestServer::stop_instance(); }
};

const auto* const stop_at_the_end = ::testing::AddGlobalTestEnvironment(new StopPostgresAtTheEnd);

} // namespace

PostgresTestServer& PostgresTestServer::instance() {
    auto& server = started_server();
    if (!server) server.reset(new PostgresTestServer());
    return *server;
}

void PostgresTestServer::stop_instance() {
    started_server().reset();
}

PostgresTestServer::PostgresTestServer() {
    // In /tmp, not $TMPDIR: the socket's path must stay under 108 bytes.
    char pattern[] = "/tmp/evochess-pg-XXXXXX";
    if (!::mkdtemp(pattern)) throw std::runtime_error("cannot make a temporary directory");
    directory_ = pattern;
    run("init");
    running_ = true;
}

PostgresTestServer::~PostgresTestServer() {
    try {
        run("stop");
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s\n", error.what());
    }
}

void PostgresTestServer::run(const std::string& command) {
    std::string line =
        std::string(EVO_POSTGRES_TEST_SERVER_SCRIPT) + " " + command + " " + directory_.string();
    if (std::system(line.c_str()) != 0) throw std::runtime_error("failed: " + line);
}

std::string PostgresTestServer::conninfo() const {
    return "host=" + directory_.string() + " port=5432 user=evochess dbname=postgres";
}

std::string PostgresTestServer::uri() const {
    return "postgresql://evochess@/postgres?host=" + directory_.string() + "&port=5432";
}

void PostgresTestServer::empty_database() {
    if (!running_) start(); // a test that killed it failed before starting it again
    PostgresConnection connection(conninfo());
    connection.execute("DROP SCHEMA public CASCADE");
    connection.execute("CREATE SCHEMA public");
}

void PostgresTestServer::kill() {
    running_ = false;
    run("kill");
}

void PostgresTestServer::start() {
    run("start");
    running_ = true;
}

} // namespace evo::app::testing
