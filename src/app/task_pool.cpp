#include "task_pool.h"

#include "fault_log.h"

#include <exception>

namespace evo::app {

TaskPool::TaskPool(std::string name, std::size_t threads, std::size_t max_queued)
    : name_(std::move(name)), max_queued_(max_queued) {
    if (threads == 0) threads = 1;
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

TaskPool::~TaskPool() {
    stop();
}

bool TaskPool::try_post(std::function<void()> task) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= max_queued_) return false;
        queue_.push_back(std::move(task));
    }
    wake_.notify_one();
    return true;
}

void TaskPool::stop() {
    std::deque<std::function<void()>> dropped;
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && workers_.empty()) return;
        stopping_ = true;
        dropped.swap(queue_);
    }
    wake_.notify_all();
    for (auto& worker : workers_)
        if (worker.joinable()) worker.join();
    workers_.clear();
}

void TaskPool::work() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            task = std::move(queue_.front());
            queue_.pop_front();
        }
        try {
            task();
        } catch (const std::exception& error) {
            log_fault(name_ + " task", error.what());
        } catch (...) {
            log_fault(name_ + " task", "an unknown exception");
        }
    }
}

} // namespace evo::app
