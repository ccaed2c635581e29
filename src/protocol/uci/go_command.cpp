#include "go_command.h"

#include "engine/time_manager.h"
#include "engine/value.h"

#include "core/message_text.h"
#include "core/notation.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <limits>

namespace evo::uci {

namespace {

constexpr std::array<std::string_view, 13> Keywords = {
    "searchmoves", "ponder", "wtime",    "btime", "winc",     "binc", "movestogo",
    "depth",       "nodes",  "movetime", "mate",  "infinite", "perft"};

bool is_keyword(std::string_view word) {
    return std::find(Keywords.begin(), Keywords.end(), word) != Keywords.end();
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

// The words of one `go` line, read left to right.
class Reader {
  public:
    Reader(std::string_view args, GoCommand& command) : words_(words(args)), command_(command) {}

    bool done() const { return at_ >= words_.size(); }
    std::string_view next() { return words_[at_++]; }
    std::string_view peek() const { return done() ? std::string_view() : words_[at_]; }

    // The number after `key`, at least `min`. A missing number leaves the next keyword
    // alone; a bad one is consumed. Either is an error naming the token.
    std::optional<std::int64_t> number(std::string_view key, std::int64_t min) {
        if (done() || is_keyword(peek())) {
            error("'go " + std::string(key) + "' needs a number");
            return std::nullopt;
        }
        std::string_view text = next();
        std::int64_t value = 0;
        auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (status == std::errc::result_out_of_range) {
            error("'go " + std::string(key) + " " + quote_input(text) +
                  "': the number is too large");
            return std::nullopt;
        }
        if (status != std::errc() || end != text.data() + text.size()) {
            error("'go " + std::string(key) + " " + quote_input(text) + "': not a whole number");
            return std::nullopt;
        }
        if (value < min) {
            error("'go " + std::string(key) + " " + quote_input(text) + "': must be at least " +
                  std::to_string(min));
            return std::nullopt;
        }
        return value;
    }

    void error(std::string text) { command_.errors.push_back(std::move(text) + "; ignored"); }

  private:
    std::vector<std::string_view> words_;
    std::size_t at_ = 0;
    GoCommand& command_;
};

int capped_int(std::int64_t value, int max) {
    return int(std::min<std::int64_t>(value, max));
}

// Whether anything but `stop` ends the search.
bool bounded(const engine::Limits& limits, Color us) {
    return limits.depth || limits.nodes || limits.movetime_ms || limits.time_ms[us] ||
           limits.infinite || limits.ponder;
}

} // namespace

GoCommand parse_go(std::string_view args, const Position& pos) {
    GoCommand command;
    engine::Limits& limits = command.limits;
    constexpr std::int64_t Clock = engine::TimeManager::MaxClockMs;
    constexpr int MaxDepth = engine::MaxPly - 1;
    Reader in(args, command);
    while (!in.done()) {
        std::string_view key = in.next();
        if (key == "infinite") {
            limits.infinite = true;
        } else if (key == "ponder") {
            limits.ponder = true;
        } else if (key == "depth") {
            if (auto n = in.number(key, 1)) limits.depth = capped_int(*n, MaxDepth);
        } else if (key == "mate") {
            // Mate in n moves is found within 2n - 1 plies; one more to be sure.
            if (auto n = in.number(key, 1))
                limits.depth = capped_int(2 * std::min<std::int64_t>(*n, MaxDepth) + 1, MaxDepth);
        } else if (key == "nodes") {
            if (auto n = in.number(key, 1)) limits.nodes = std::uint64_t(*n);
        } else if (key == "movetime") {
            if (auto n = in.number(key, 0)) limits.movetime_ms = std::min(*n, Clock);
        } else if (key == "wtime" || key == "btime") {
            // A clock below zero is a flag already fallen: think as little as possible.
            auto n = in.number(key, std::numeric_limits<std::int64_t>::min());
            if (n)
                limits.time_ms[key == "wtime" ? White : Black] =
                    std::clamp<std::int64_t>(*n, 0, Clock);
        } else if (key == "winc" || key == "binc") {
            if (auto n = in.number(key, 0))
                limits.increment_ms[key == "winc" ? White : Black] = std::min(*n, Clock);
        } else if (key == "movestogo") {
            if (auto n = in.number(key, 1)) limits.moves_to_go = capped_int(*n, 1000);
        } else if (key == "perft") {
            command.perft = true;
            // Depth 0 counts the root alone: 1 node, answered at once.
            auto n = in.number(key, 0);
            if (n && *n > MaxPerftDepth)
                in.error("'go perft " + std::to_string(*n) + "': the depth must be at most " +
                         std::to_string(MaxPerftDepth));
            else if (n)
                command.perft_depth = int(*n);
        } else if (key == "searchmoves") {
            while (!in.done() && !is_keyword(in.peek())) {
                std::string_view text = in.next();
                auto move = parse_uci_move(pos, text);
                if (move)
                    limits.search_moves.push_back(*move);
                else
                    in.error("'searchmoves " + quote_input(text) + "': " + move.error());
            }
        } else {
            in.error("unknown 'go' parameter '" + quote_input(key) + "'");
        }
    }
    if (!command.errors.empty() && !bounded(limits, pos.side_to_move())) {
        limits.depth = 1;
        command.errors.push_back("nothing else bounds this search: depth 1");
    }
    return command;
}

} // namespace evo::uci
