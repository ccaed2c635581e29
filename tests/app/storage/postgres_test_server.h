// The PostgreSQL server of a test binary: started (postgres_test_server.sh, in a fresh
// temporary directory, as an ordinary user) when a test first asks for it, stopped and
// deleted when the binary's tests end, failed or not (a GoogleTest global environment).
#pragma once

#include <filesystem>
#include <string>

namespace evo::app::testing {

class PostgresTestServer {
  public:
    // The binary's server, started on first use; throws if it cannot be started.
    static PostgresTestServer& instance();
    // Stops the server if it was started (from the global environment's TearDown).
    static void stop_instance();

    // libpq's key=value form, and the same as a URI.
    std::string conninfo() const;
    std::string uri() const;
    // Empties the database (its public schema): each test starts from nothing.
    void empty_database();
    // Stops the server at once, as a crash would; start() brings it back with its data.
    void kill();
    void start();

    ~PostgresTestServer();

  private:
    PostgresTestServer();
    void run(const std::string& command);
    std::filesystem::path directory_;
    bool running_ = false;
};

} // namespace evo::app::testing
