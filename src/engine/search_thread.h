// Where a search runs. Normally on a thread of its own, so that the caller may stop it; in a
// build without threads (EVO_SEARCH_THREADS=OFF: the WebAssembly package, which has no
// pthreads) in the caller's thread, start() then returning when the search has ended. CMake
// chooses the implementation (search_thread.cpp or search_thread_inline.cpp).
#pragma once

#include <functional>
#include <thread>

namespace evo::engine {

class SearchThread {
  public:
    // Runs `work`; join() waits for it to end.
    void start(std::function<void()> work);
    void join();

  private:
    std::thread thread_; // unused by the inline implementation
};

// The most search threads this build can run (the Threads option's maximum).
int max_search_threads();

} // namespace evo::engine
