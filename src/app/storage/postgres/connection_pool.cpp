#include "connection_pool.h"

#include <algorithm>

namespace evo::app {

PostgresConnectionPool::PostgresConnectionPool(std::string conninfo, std::size_t size)
    : conninfo_(std::move(conninfo)), size_(std::max<std::size_t>(1, size)) {}

PostgresConnectionPool::Lease::~Lease() {
    if (connection_) pool_->give_back(std::move(connection_));
}

PostgresConnectionPool::Lease PostgresConnectionPool::lease() {
    {
        std::unique_lock lock(mutex_);
        released_.wait(lock, [this] { return !idle_.empty() || leased_ + idle_.size() < size_; });
        ++leased_;
        if (!idle_.empty()) {
            auto connection = std::move(idle_.back());
            idle_.pop_back();
            return Lease(*this, std::move(connection), false);
        }
    }
    // Connecting takes a round trip or a time-out: not under the lock.
    try {
        return Lease(*this, std::make_unique<PostgresConnection>(conninfo_), true);
    } catch (...) {
        give_back(nullptr);
        throw;
    }
}

void PostgresConnectionPool::give_back(std::unique_ptr<PostgresConnection> connection) {
    std::vector<std::unique_ptr<PostgresConnection>> dropped;
    {
        std::lock_guard lock(mutex_);
        --leased_;
        if (connection && connection->reusable()) {
            idle_.push_back(std::move(connection));
        } else if (connection && connection->broken()) {
            dropped = std::move(idle_);
            idle_.clear();
        }
    }
    released_.notify_all();
    // `connection` (if not kept) and `dropped` close here, outside the lock.
}

void PostgresConnectionPool::drop_idle() {
    std::vector<std::unique_ptr<PostgresConnection>> dropped;
    {
        std::lock_guard lock(mutex_);
        dropped = std::move(idle_);
        idle_.clear();
    }
}

PostgresStarted start_statement(PostgresConnectionPool& pool, std::string_view sql,
                                const PostgresParams& params) {
    auto connection = pool.lease();
    try {
        PostgresResult result = connection->execute(sql, params);
        return {std::move(connection), std::move(result)};
    } catch (const StorageError&) {
        if (connection.fresh() || !connection->broken()) throw;
    }
    // The server dropped the pooled connection (and the others with it): once more, afresh.
    { auto dropped = std::move(connection); }
    pool.drop_idle();
    auto again = pool.lease();
    PostgresResult result = again->execute(sql, params);
    return {std::move(again), std::move(result)};
}

void in_postgres_transaction(PostgresConnectionPool& pool,
                             const std::function<void(PostgresConnection&)>& work) {
    PostgresStarted started = start_statement(pool, "BEGIN");
    PostgresConnection& connection = *started.connection;
    try {
        work(connection);
        connection.execute("COMMIT");
    } catch (...) {
        try {
            connection.execute("ROLLBACK");
        } catch (const std::exception&) {
            // A lost connection rolls back by itself; the pool drops it.
        }
        throw;
    }
}

} // namespace evo::app
