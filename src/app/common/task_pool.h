// A fixed set of threads running queued tasks, with a bound on the queue: a task that does
// not fit is refused at once (the caller answers 503) rather than waiting without limit.
// Tasks may name the client they are for: then each client has a share of the pool (so many
// running, as many waiting), and one client's burst cannot take every thread or the queue.
// A client is an address, counted under its limit key (address_key.h: IPv6 by its /64).
// No exception leaves a task: one that escapes is logged and the thread goes on.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace evo::app {

enum class Admission {
    Queued,
    PoolFull,   // the queue is full or the pool has stopped
    ClientFull, // the client has its share running and waiting already
};

class TaskPool {
  public:
    // `per_client`: the tasks one client may have running at once (as many more may wait);
    // 0: no share per client.
    TaskPool(std::string name, std::size_t threads, std::size_t max_queued,
             std::size_t per_client = 0);
    ~TaskPool();
    TaskPool(const TaskPool&) = delete;
    TaskPool& operator=(const TaskPool&) = delete;

    // Queues the task; false when the queue is full or the pool has stopped.
    bool try_post(std::function<void()> task);
    // Queues a task of `client` within its share.
    Admission try_post(const std::string& client, std::function<void()> task);
    // Refuses new tasks, drops the queued ones, and waits for the running ones to end.
    void stop();
    std::size_t threads() const { return workers_.size(); }
    std::size_t per_client() const { return per_client_; }
    // The tasks waiting for a thread now.
    std::size_t queued();

  private:
    struct Task {
        std::string client; // empty: counted against no share
        std::function<void()> run;
    };
    struct ClientLoad {
        std::size_t running = 0;
        std::size_t waiting = 0;
    };

    void work();
    // The first queued task whose client may start another; queue_.end() if none. Locked.
    std::deque<Task>::iterator next_runnable();

    std::string name_;
    std::size_t max_queued_;
    std::size_t per_client_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Task> queue_;
    std::unordered_map<std::string, ClientLoad> clients_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace evo::app
