#include "uci_engine.h"

#include <sstream>

namespace evo::match {

namespace {

// "option name Skill Level type spin ..." -> "Skill Level"
std::string option_name(const std::string& line) {
    std::size_t begin = std::string("option name ").size();
    std::size_t type = line.find(" type ", begin);
    return line.substr(begin, type == std::string::npos ? std::string::npos : type - begin);
}

bool has_word(const std::string& line, std::string_view word) {
    std::size_t at = 0;
    while ((at = line.find(word, at)) != std::string::npos) {
        bool starts = at == 0 || line[at - 1] == ' ';
        bool ends = at + word.size() == line.size() || line[at + word.size()] == ' ';
        if (starts && ends) return true;
        at += word.size();
    }
    return false;
}

// "info depth 9 score cp -23 nodes ..." -> -23; "score mate -3" -> -(MateScore - 3).
std::optional<int> info_score(const std::string& line) {
    std::size_t at = line.find(" score ");
    if (at == std::string::npos) return std::nullopt;
    std::istringstream words(line.substr(at + 7));
    std::string kind;
    long value = 0;
    if (!(words >> kind >> value)) return std::nullopt;
    if (kind == "cp") return int(value);
    if (kind == "mate")
        return value > 0 ? int(EngineReply::MateScore - value)
                         : int(-EngineReply::MateScore - value);
    return std::nullopt;
}

std::string seconds(Milliseconds ms) {
    return std::to_string(ms.count() / 1000) + " s";
}

} // namespace

UciEngine::UciEngine(EngineSpec spec, UciTrafficLog log)
    : spec_(std::move(spec)), log_(std::move(log)) {}

UciEngine::~UciEngine() {
    shut_down();
}

bool UciEngine::send(const std::string& line) {
    if (log_) log_(log_name(), true, line);
    return process_.write_line(line);
}

bool UciEngine::wait_for(std::string_view token, Milliseconds timeout, std::string* found) {
    auto deadline = Clock::now() + timeout;
    std::string line;
    while (process_.read_line(line, deadline) == ChildProcess::ReadStatus::Line) {
        if (log_) log_(log_name(), false, line);
        if (line.starts_with("id name ")) id_name_ = line.substr(8);
        if (line.starts_with("option name ")) option_lines_[option_name(line)] = line;
        if (line.starts_with("info ")) {
            if (auto score = info_score(line)) last_score_ = score;
        }
        if (line == token || line.starts_with(std::string(token) + " ")) {
            if (found) *found = line;
            return true;
        }
    }
    return false;
}

Result<bool> UciEngine::check_variant_support(std::string_view variant) const {
    auto option = option_lines_.find("UCI_Variant");
    if (option == option_lines_.end())
        return make_error("engine '" + spec_.name +
                          "' has no UCI_Variant option, so it cannot play " + std::string(variant));
    const std::string& line = option->second;
    std::size_t choices = line.find(" var ");
    if (line.find(" type combo") != std::string::npos &&
        (choices == std::string::npos || !has_word(line.substr(choices), variant)))
        return make_error("engine '" + spec_.name + "' does not list variant " +
                          std::string(variant) + " in its UCI_Variant option");
    return true;
}

Result<bool> UciEngine::start(std::string_view variant) {
    auto started = process_.start(spec_.command);
    if (!started) return make_error("engine '" + spec_.name + "': " + started.error());
    auto fail = [&](const std::string& what) -> Result<bool> {
        std::string ended = process_.stop(Clock::now() + Milliseconds(200));
        return make_error("engine '" + spec_.name + "' " + what + " (process " + ended + ")");
    };
    if (!send("uci") || !wait_for("uciok", handshake_timeout))
        return fail("did not answer 'uci' with 'uciok' within " + seconds(handshake_timeout));
    if (variant != "chess") {
        auto supported = check_variant_support(variant);
        if (!supported) {
            shut_down();
            return supported;
        }
        send("setoption name UCI_Variant value " + std::string(variant));
    }
    for (const auto& [name, value] : spec_.options) {
        if (!option_lines_.count(name)) {
            shut_down();
            return make_error("engine '" + spec_.name + "' has no option '" + name + "'");
        }
        send("setoption name " + name + " value " + value);
    }
    if (!send("isready") || !wait_for("readyok", handshake_timeout))
        return fail("did not answer 'isready' with 'readyok' within " + seconds(handshake_timeout));
    return true;
}

Result<bool> UciEngine::new_game() {
    if (!send("ucinewgame") || !send("isready") || !wait_for("readyok", handshake_timeout))
        return make_error("engine '" + spec_.name + "' did not get ready for a new game");
    return true;
}

EngineReply UciEngine::think(const std::string& position, const std::string& go,
                             Milliseconds budget) {
    EngineReply reply;
    auto sent = Clock::now();
    std::string bestmove;
    last_score_.reset();
    bool answered = send(position) && send(go);
    if (answered) {
        sent = Clock::now();
        answered = wait_for("bestmove", budget, &bestmove);
    }
    reply.elapsed = std::chrono::duration_cast<Milliseconds>(Clock::now() - sent);
    if (answered) {
        reply.status = EngineReply::Status::Move;
        reply.score = last_score_;
        std::size_t begin = bestmove.find_first_not_of(' ', 8);
        std::size_t end = bestmove.find(' ', begin);
        reply.move = begin == std::string::npos ? "" : bestmove.substr(begin, end - begin);
    } else if (process_.running() && Clock::now() - sent >= budget) {
        reply.status = EngineReply::Status::Timeout;
    } else {
        reply.status = EngineReply::Status::Crash;
        reply.crash = process_.stop(Clock::now() + Milliseconds(500));
    }
    return reply;
}

void UciEngine::shut_down() {
    if (!process_.running()) {
        process_.kill_and_reap();
        return;
    }
    send("quit");
    process_.stop(Clock::now() + Milliseconds(1000));
}

} // namespace evo::match
