// The UCI engine loop: reads commands line by line, answers on a stream. Searches run in
// the engine's own thread, so `stop`, `isready` and `ponderhit` are answered meanwhile.
// Extensions (RULES 5.2 moves, UCI_Variant) and bad input are described in docs/engine.md.
#pragma once

#include "perft_task.h"

#include "engine/engine.h"

#include "core/game.h"

#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace evo::uci {

// Writes whole lines under a lock: search info comes from another thread.
class LineWriter {
  public:
    explicit LineWriter(std::ostream& out) : out_(out) {}
    void line(const std::string& text);

  private:
    std::ostream& out_;
    std::mutex mutex_;
};

class Session {
  public:
    explicit Session(std::ostream& out);
    ~Session();

    // Handles one command line; false after `quit`.
    bool handle(std::string_view line);
    // Reads commands until `quit` or end of input, then stops the search and waits for it.
    int run(std::istream& in);
    // Waits until a running search or perft ends by itself (for tests and scripts).
    void wait_for_search() {
        engine_.wait();
        perft_.wait();
    }

  private:
    void uci();
    void print_options();
    void load_variant_path(std::string_view path);
    void set_option(std::string_view args);
    void set_position(std::string_view args);
    void go(std::string_view args);
    void display();
    void evaluate();
    void new_game();
    void finish_search();
    // False (after saying why) when the last `position` command was bad.
    bool position_usable();

    LineWriter out_;
    engine::Engine engine_;
    PerftTask perft_;
    const Variant* variant_;
    std::unique_ptr<Game> game_;
    // Why the last `position` command was refused: until the next good one there is no
    // position to search, and `go` answers `bestmove 0000` (docs/engine.md).
    std::optional<std::string> position_error_;
    bool ponder_option_ = false;
    std::optional<std::string> last_eval_problem_; // the last said at a `go`
};

// For the `d` command and tests: an ASCII board with FEN and key.
std::string describe_position(const Position& pos);
// A search info line in UCI form, the score in pawns of root's variant (score_unit.h); the
// PV is written from `root`.
std::string format_info(const Position& root, const engine::SearchInfo& info);

} // namespace evo::uci
