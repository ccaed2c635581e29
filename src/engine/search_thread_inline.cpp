// The search in the caller's thread, for builds without threads (search_thread.h).
#include "search_thread.h"

namespace evo::engine {

void SearchThread::start(std::function<void()> work) {
    work();
}

void SearchThread::join() {}

int max_search_threads() {
    return 1;
}

} // namespace evo::engine
