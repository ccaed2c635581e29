// One thread that runs callbacks in the order given, for work that must not hold up the
// I/O threads (what runs when an event stream closes: bookkeeping under other locks).
// stop() runs what is still queued before it returns, so no callback is lost.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace evo::app {

class CallbackThread {
  public:
    explicit CallbackThread(std::string name);
    ~CallbackThread();
    CallbackThread(const CallbackThread&) = delete;
    CallbackThread& operator=(const CallbackThread&) = delete;

    // Queues `callback`; after stop() it runs at once on the caller's thread instead.
    void post(std::function<void()> callback);
    // Runs what is queued, then ends the thread. Idempotent.
    void stop();

  private:
    void run();

    std::string name_;
    std::mutex mutex_;
    std::condition_variable queued_;
    std::deque<std::function<void()>> queue_;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace evo::app
