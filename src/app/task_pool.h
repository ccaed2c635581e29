// A fixed set of threads running queued tasks, with a bound on the queue: a task that does
// not fit is refused at once (the caller answers 503) rather than waiting without limit.
// No exception leaves a task: one that escapes is logged and the thread goes on.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace evo::app {

class TaskPool {
  public:
    TaskPool(std::string name, std::size_t threads, std::size_t max_queued);
    ~TaskPool();
    TaskPool(const TaskPool&) = delete;
    TaskPool& operator=(const TaskPool&) = delete;

    // Queues the task; false when the queue is full or the pool has stopped.
    bool try_post(std::function<void()> task);
    // Refuses new tasks, drops the queued ones, and waits for the running ones to end.
    void stop();
    std::size_t threads() const { return workers_.size(); }

  private:
    void work();

    std::string name_;
    std::size_t max_queued_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> queue_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace evo::app
