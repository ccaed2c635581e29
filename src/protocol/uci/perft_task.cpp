#include "perft_task.h"

#include "core/perft.h"

namespace evo::uci {

void PerftTask::start(const Position& pos, int depth, LineSink out) {
    stop();
    stop_ = false;
    thread_ = std::thread([this, root = Position(pos), depth, out = std::move(out)]() mutable {
        PerftOptions options;
        options.stop = &stop_;
        PerftDivide divide = perft_divide(root, depth, options);
        for (const auto& [move, nodes] : divide.moves) out(move + ": " + std::to_string(nodes));
        if (!divide.complete) {
            out("info string perft stopped before it finished; the counts above are complete, "
                "the others are missing");
            return;
        }
        out("");
        out("Nodes searched: " + std::to_string(divide.total));
    });
}

void PerftTask::stop() {
    stop_ = true;
    wait();
}

void PerftTask::wait() {
    if (thread_.joinable()) thread_.join();
}

} // namespace evo::uci
