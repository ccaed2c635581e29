// A few PostgreSQL connections shared by the threads that call the repository (I/O threads,
// engine jobs, the flag watcher). A pool rather than one connection under a mutex: every
// statement is a round trip to a server that may be on another machine, and one connection
// would make each request wait for all the others' round trips; a handful lets them overlap
// while several processes together stay far below the server's max_connections.
// A connection that was lost is dropped when it is given back, and so are the idle ones
// (a server that went away took them all); the next lease connects afresh, so the pool
// recovers by itself once the server is back.
#pragma once

#include "connection.h"

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace evo::app {

class PostgresConnectionPool {
  public:
    PostgresConnectionPool(std::string conninfo, std::size_t size);

    // One connection, the caller's alone until the lease ends.
    class Lease {
      public:
        Lease(PostgresConnectionPool& pool, std::unique_ptr<PostgresConnection> connection,
              bool fresh)
            : pool_(&pool), connection_(std::move(connection)), fresh_(fresh) {}
        ~Lease();
        Lease(Lease&& other) noexcept = default;
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Lease& operator=(Lease&&) = delete;
        PostgresConnection& operator*() const { return *connection_; }
        PostgresConnection* operator->() const { return connection_.get(); }
        // Connected for this lease, not taken from the idle ones.
        bool fresh() const { return fresh_; }

      private:
        PostgresConnectionPool* pool_;
        std::unique_ptr<PostgresConnection> connection_;
        bool fresh_;
    };

    // An idle connection, or a new one while fewer than `size` exist (StorageError
    // Unavailable if the server cannot be reached); waits while all are leased.
    Lease lease();
    // Drops every idle connection: the next leases connect afresh.
    void drop_idle();
    const std::string& conninfo() const { return conninfo_; }

  private:
    void give_back(std::unique_ptr<PostgresConnection> connection);

    std::string conninfo_;
    std::size_t size_;
    std::mutex mutex_;
    std::condition_variable released_;
    std::vector<std::unique_ptr<PostgresConnection>> idle_;
    std::size_t leased_ = 0;
};

// A leased connection and the result of the first statement run on it.
struct PostgresStarted {
    PostgresConnectionPool::Lease connection;
    PostgresResult result;
};

// Leases a connection and runs the first statement on it. A pooled connection the server
// dropped (it restarted meanwhile) fails before anything is done: it is replaced by a new
// one and the statement sent again, once.
PostgresStarted start_statement(PostgresConnectionPool& pool, std::string_view sql,
                                const PostgresParams& params = {});

// Runs `work` in one transaction on a leased connection, committed when it returns, rolled
// back when it throws (or when the commit fails, which leaves nothing half-written either).
void in_postgres_transaction(PostgresConnectionPool& pool,
                             const std::function<void(PostgresConnection&)>& work);

} // namespace evo::app
