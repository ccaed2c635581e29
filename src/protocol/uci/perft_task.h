// `go perft N` in a thread of its own, so that the command loop keeps answering `isready`
// and a `stop` or `quit` ends a long count at once.
#pragma once

#include "core/position.h"

#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace evo::uci {

class PerftTask {
  public:
    using LineSink = std::function<void(const std::string&)>;

    ~PerftTask() { stop(); }

    // Counts in the background, writing a line per root move, then "Nodes searched: N"
    // (or, when stopped, an `info string` saying the count is incomplete). A count still
    // running is stopped first.
    void start(const Position& pos, int depth, LineSink out);
    // Ends a running count and waits for its thread.
    void stop();
    // Waits for a count to end by itself (tests and scripts).
    void wait();

  private:
    std::thread thread_;
    std::atomic<bool> stop_{false};
};

} // namespace evo::uci
