// A child process with its stdin and stdout on pipes: what a UCI client needs to run an
// engine it does not trust. Lines are read with deadlines, and the child (with anything it
// started, through its process group) is always killed and reaped, so no zombie is left.
#pragma once

#include "core/result.h"

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace evo::match {

using Clock = std::chrono::steady_clock;

// Finds an executable as a shell would: a name with '/' as given, else along PATH and then
// the Debian games directories (where stockfish lives but PATH often does not look).
Result<std::string> find_executable(const std::string& name);

class ChildProcess {
  public:
    enum class ReadStatus { Line, Timeout, Closed };

    ChildProcess() = default;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess() { kill_and_reap(); }

    // argv[0] is resolved with find_executable. Fails if it cannot be executed.
    Result<bool> start(const std::vector<std::string>& argv);
    bool running() const { return pid_ > 0 && !reaped_; }
    pid_t pid() const { return pid_; }

    // False if the child no longer reads (it exited or closed stdin).
    bool write_line(const std::string& line);
    // One line without its end-of-line, or Timeout at `deadline`, or Closed at end of file.
    ReadStatus read_line(std::string& line, Clock::time_point deadline);

    // Waits until `deadline` for the child to exit by itself, then kills its process group.
    // Returns how it ended, for people: "exited with status 1", "killed by signal 11 (...)".
    std::string stop(Clock::time_point deadline);
    void kill_and_reap();

  private:
    bool try_reap(bool block);

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    int wait_status_ = 0;
    bool reaped_ = false;
};

} // namespace evo::match
