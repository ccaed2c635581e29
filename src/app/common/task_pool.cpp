#include "task_pool.h"

#include "address_key.h"
#include "fault_log.h"

#include <exception>

namespace evo::app {

TaskPool::TaskPool(std::string name, std::size_t threads, std::size_t max_queued,
                   std::size_t per_client)
    : name_(std::move(name)), max_queued_(max_queued), per_client_(per_client) {
    if (threads == 0) threads = 1;
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

TaskPool::~TaskPool() {
    stop();
}

bool TaskPool::try_post(std::function<void()> task) {
    return try_post(std::string(), std::move(task)) == Admission::Queued;
}

Admission TaskPool::try_post(const std::string& client, std::function<void()> task) {
    std::string key = client.empty() ? std::string() : address_limit_key(client);
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= max_queued_) return Admission::PoolFull;
        bool shared = per_client_ > 0 && !key.empty();
        if (shared) {
            ClientLoad& load = clients_[key];
            if (load.running + load.waiting >= 2 * per_client_) return Admission::ClientFull;
            ++load.waiting;
        }
        queue_.push_back({shared ? key : std::string(), std::move(task)});
    }
    wake_.notify_one();
    return Admission::Queued;
}

std::size_t TaskPool::queued() {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

void TaskPool::stop() {
    std::deque<Task> dropped;
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && workers_.empty()) return;
        stopping_ = true;
        dropped.swap(queue_);
        for (const Task& task : dropped)
            if (!task.client.empty()) --clients_[task.client].waiting;
    }
    wake_.notify_all();
    for (auto& worker : workers_)
        if (worker.joinable()) worker.join();
    workers_.clear();
}

std::deque<TaskPool::Task>::iterator TaskPool::next_runnable() {
    for (auto it = queue_.begin(); it != queue_.end(); ++it)
        if (it->client.empty() || clients_[it->client].running < per_client_) return it;
    return queue_.end();
}

void TaskPool::work() {
    for (;;) {
        Task task;
        {
            std::unique_lock lock(mutex_);
            auto next = queue_.end();
            wake_.wait(lock, [&] {
                next = next_runnable();
                return stopping_ || next != queue_.end();
            });
            if (stopping_) return;
            task = std::move(*next);
            queue_.erase(next);
            if (!task.client.empty()) {
                ClientLoad& load = clients_[task.client];
                --load.waiting;
                ++load.running;
            }
        }
        try {
            task.run();
        } catch (const std::exception& error) {
            log_fault(name_ + " task", error.what());
        } catch (...) {
            log_fault(name_ + " task", "an unknown exception");
        }
        task.run = nullptr; // what the task holds goes before its share is given back
        if (task.client.empty()) continue;
        {
            std::lock_guard lock(mutex_);
            ClientLoad& load = clients_[task.client];
            if (--load.running == 0 && load.waiting == 0) clients_.erase(task.client);
        }
        wake_.notify_all(); // the client's waiting task may start now
    }
}

} // namespace evo::app
