#include "child_process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace evo::match {

namespace {

bool is_executable_file(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

std::string describe_wait_status(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        int signal = WTERMSIG(status);
        return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
    }
    return "stopped";
}

} // namespace

Result<std::string> find_executable(const std::string& name) {
    if (name.empty()) return make_error("empty engine command");
    if (name.find('/') != std::string::npos) {
        if (is_executable_file(name)) return name;
        return make_error("not an executable file: " + name);
    }
    const char* path_env = std::getenv("PATH");
    std::string search = path_env ? path_env : "/usr/local/bin:/usr/bin:/bin";
    search += ":/usr/local/games:/usr/games";
    std::size_t begin = 0;
    while (begin <= search.size()) {
        std::size_t end = std::min(search.find(':', begin), search.size());
        std::string dir = search.substr(begin, end - begin);
        std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (is_executable_file(candidate)) return candidate;
        begin = end + 1;
    }
    return make_error("command not found: " + name);
}

Result<bool> ChildProcess::start(const std::vector<std::string>& argv) {
    kill_and_reap();
    if (argv.empty()) return make_error("empty engine command");
    // A dead child's pipe must give an error on write, not kill this process.
    std::signal(SIGPIPE, SIG_IGN);
    auto path = find_executable(argv[0]);
    if (!path) return make_error(path.error());

    // Everything the child needs is prepared before fork: after it, in a threaded program,
    // the child may only make async-signal-safe calls.
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);

    int in[2], out[2], exec_error[2];
    if (::pipe2(in, O_CLOEXEC) != 0)
        return make_error(std::string("pipe: ") + std::strerror(errno));
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]), ::close(in[1]);
        return make_error(std::string("pipe: ") + std::strerror(errno));
    }
    if (::pipe2(exec_error, O_CLOEXEC) != 0) {
        ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
        return make_error(std::string("pipe: ") + std::strerror(errno));
    }
    int dev_null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);

    pid_t pid = ::fork();
    if (pid == 0) {
        // Own process group, so that killing the engine also kills what it started.
        ::setpgid(0, 0);
        ::dup2(in[0], STDIN_FILENO);
        ::dup2(out[1], STDOUT_FILENO);
        if (dev_null >= 0) ::dup2(dev_null, STDERR_FILENO);
        // The referee ignores SIGPIPE; an ignored signal would stay ignored across exec.
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::execv(path->c_str(), args.data());
        int error = errno;
        ssize_t ignored = ::write(exec_error[1], &error, sizeof error);
        (void)ignored;
        ::_exit(127);
    }
    int fork_error = errno;
    if (dev_null >= 0) ::close(dev_null);
    ::close(in[0]);
    ::close(out[1]);
    ::close(exec_error[1]);
    if (pid < 0) {
        ::close(in[1]), ::close(out[0]), ::close(exec_error[0]);
        return make_error(std::string("fork: ") + std::strerror(fork_error));
    }
    ::setpgid(pid, pid); // also here: whichever runs first, the group exists before a kill
    pid_ = pid;
    to_child_ = in[1];
    from_child_ = out[0];
    buffer_.clear();
    reaped_ = false;

    int exec_errno = 0;
    ssize_t got;
    do got = ::read(exec_error[0], &exec_errno, sizeof exec_errno);
    while (got < 0 && errno == EINTR);
    ::close(exec_error[0]);
    if (got == sizeof exec_errno) {
        kill_and_reap();
        return make_error("cannot run " + *path + ": " + std::strerror(exec_errno));
    }
    return true;
}

bool ChildProcess::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false; // EPIPE: the child is gone (SIGPIPE is ignored)
        done += std::size_t(n);
    }
    return true;
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    using namespace std::chrono;
    for (;;) {
        if (std::size_t eol = buffer_.find('\n'); eol != std::string::npos) {
            line = buffer_.substr(0, eol);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, eol + 1);
            return ReadStatus::Line;
        }
        if (from_child_ < 0) {
            if (buffer_.empty()) return ReadStatus::Closed;
            line = std::move(buffer_); // a last line without its newline
            buffer_.clear();
            return ReadStatus::Line;
        }
        auto now = Clock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        // Short slices: a crashed engine whose children keep the pipe open never sends EOF,
        // so its exit is also looked for between reads.
        auto slice = std::min(duration_cast<milliseconds>(deadline - now) + 1ms, 100ms);
        pollfd fd{from_child_, POLLIN, 0};
        int ready = ::poll(&fd, 1, int(slice.count()));
        if (ready < 0 && errno != EINTR) close_fd(from_child_);
        if (ready > 0) {
            char chunk[4096];
            ssize_t n = ::read(from_child_, chunk, sizeof chunk);
            if (n > 0)
                buffer_.append(chunk, std::size_t(n));
            else if (n == 0 || errno != EINTR)
                close_fd(from_child_);
        } else if (ready == 0 && try_reap(false)) {
            close_fd(from_child_);
        }
    }
}

bool ChildProcess::try_reap(bool block) {
    if (pid_ <= 0 || reaped_) return reaped_;
    // Look without reaping first: while the exited leader is a zombie its pid cannot be
    // reused, so killing its group cannot hit a stranger.
    siginfo_t info{};
    int flags = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
    int got;
    do got = ::waitid(P_PID, id_t(pid_), &info, flags);
    while (got < 0 && errno == EINTR);
    if (got != 0 || info.si_pid != pid_) return false;
    // An engine's helpers in its process group must not outlive it.
    ::kill(-pid_, SIGKILL);
    int status = 0;
    pid_t reaped;
    do reaped = ::waitpid(pid_, &status, 0);
    while (reaped < 0 && errno == EINTR);
    wait_status_ = status;
    reaped_ = true;
    return true;
}

std::string ChildProcess::stop(Clock::time_point deadline) {
    if (pid_ <= 0) return "not running";
    close_fd(to_child_);
    while (!try_reap(false) && Clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    bool exited_by_itself = reaped_;
    kill_and_reap();
    return exited_by_itself ? describe_wait_status(wait_status_)
                            : "did not exit in time and was killed";
}

void ChildProcess::kill_and_reap() {
    if (pid_ > 0 && !reaped_) {
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL); // in case the child had not yet made its own group
        try_reap(true);
    }
    pid_ = -1;
    close_fd(to_child_);
    close_fd(from_child_);
    buffer_.clear();
}

} // namespace evo::match
