// The referee's side of UCI: starts an engine, sets it up for a variant, and asks it for
// moves under deadlines. Whatever the engine does (garbage, silence, a crash), every call
// returns in bounded time.
#pragma once

#include "child_process.h"
#include "engine_spec.h"
#include "time_control.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace evo::match {

// Receives every line exchanged with engines: (engine name, true if sent to it, line).
using UciTrafficLog = std::function<void(const std::string&, bool, const std::string&)>;

struct EngineReply {
    enum class Status { Move, Timeout, Crash };
    Status status = Status::Crash;
    std::string move;  // the bestmove text, unchecked: the referee judges it
    std::string crash; // how the process ended, for Crash
    Milliseconds elapsed{0};
    // The last "info ... score" before bestmove, from the mover's side, in centipawns; a mate
    // in n counts as +-(MateScore - n).
    std::optional<int> score;
    static constexpr int MateScore = 100000;
};

class UciEngine {
  public:
    UciEngine(EngineSpec spec, UciTrafficLog log = {});
    ~UciEngine();

    // Starts the process, waits for uciok, sets UCI_Variant (unless chess) and the spec's
    // options, and waits for readyok. An error says what went wrong, for a one-line message.
    Result<bool> start(std::string_view variant);
    bool running() const { return process_.running(); }
    const EngineSpec& spec() const { return spec_; }
    const std::string& id_name() const { return id_name_; }
    // How long uci/uciok and isready/readyok may take (hash allocation, network loading).
    Milliseconds handshake_timeout{10000};

    // Before each game: ucinewgame and isready.
    Result<bool> new_game();
    // Sends "position ..." and `go`, then waits for bestmove until `budget` has passed.
    EngineReply think(const std::string& position, const std::string& go, Milliseconds budget);
    // quit, a short wait, then kill: the engine is gone afterwards whatever it did.
    void shut_down();
    // For an engine that already failed to answer: no wait.
    void kill() { process_.kill_and_reap(); }

  private:
    bool send(const std::string& line);
    // "name[pid]": with --concurrency one engine runs in several processes.
    std::string log_name() const { return spec_.name + "[" + std::to_string(process_.pid()) + "]"; }
    // Reads lines until one starting with `token`; false on timeout or end of output.
    bool wait_for(std::string_view token, Milliseconds timeout, std::string* line = nullptr);
    Result<bool> check_variant_support(std::string_view variant) const;

    EngineSpec spec_;
    UciTrafficLog log_;
    ChildProcess process_;
    std::string id_name_;
    std::map<std::string, std::string> option_lines_; // "option name X ..." by X
    std::optional<int> last_score_;                   // from the latest info line with a score
};

} // namespace evo::match
