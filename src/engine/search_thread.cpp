#include "search_thread.h"

namespace evo::engine {

void SearchThread::start(std::function<void()> work) {
    thread_ = std::thread(std::move(work));
}

void SearchThread::join() {
    if (thread_.joinable()) thread_.join();
}

int max_search_threads() {
    return 256;
}

} // namespace evo::engine
