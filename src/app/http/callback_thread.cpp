#include "callback_thread.h"

#include "app/common/fault_log.h"

#include <exception>

namespace evo::app {

namespace {

void run_logged(const std::string& name, const std::function<void()>& callback) {
    try {
        callback();
    } catch (const std::exception& failure) {
        log_fault(name, failure.what());
    }
}

} // namespace

CallbackThread::CallbackThread(std::string name)
    : name_(std::move(name)), thread_([this] { run(); }) {}

CallbackThread::~CallbackThread() {
    stop();
}

void CallbackThread::post(std::function<void()> callback) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back(std::move(callback));
            queued_.notify_one();
            return;
        }
    }
    run_logged(name_, callback);
}

void CallbackThread::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    queued_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void CallbackThread::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        queued_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return; // stopping, and all is done
        std::function<void()> callback = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        run_logged(name_, callback);
        lock.lock();
    }
}

} // namespace evo::app
