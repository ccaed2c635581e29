#include "time_control.h"

#include "core/message_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace evo::match {

namespace {

// A day per move or per game is beyond any match this tool plays; larger numbers are typos
// (and 1e300 ms would not fit the clock).
constexpr double MaxSeconds = 24 * 3600;

// A finite, non-negative number of seconds up to MaxSeconds, "90" or "1:30".
std::optional<double> parse_seconds(std::string_view text) {
    double minutes = 0;
    if (std::size_t colon = text.find(':'); colon != std::string_view::npos) {
        auto m = parse_seconds(text.substr(0, colon));
        if (!m || *m != std::floor(*m)) return std::nullopt;
        minutes = *m;
        text = text.substr(colon + 1);
    }
    double value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty() ||
        !std::isfinite(value) || value < 0)
        return std::nullopt;
    double seconds = minutes * 60 + value;
    if (seconds > MaxSeconds) return std::nullopt;
    return seconds;
}

Milliseconds to_milliseconds(double seconds) {
    return Milliseconds(std::llround(seconds * 1000));
}

std::string seconds_text(Milliseconds ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(ms.count()) / 1000);
    return text;
}

} // namespace

Result<TimeControl> parse_time_control(std::string_view text) {
    std::string_view base = text, increment = "0";
    if (std::size_t plus = text.find('+'); plus != std::string_view::npos) {
        base = text.substr(0, plus);
        increment = text.substr(plus + 1);
    }
    auto base_seconds = parse_seconds(base), increment_seconds = parse_seconds(increment);
    if (!base_seconds || !increment_seconds || *base_seconds <= 0)
        return make_error("bad time control '" + quote_input(text) +
                          "' (seconds[+increment] up to 86400 each, e.g. 10+0.1 or 1:30+1)");
    return TimeControl{to_milliseconds(*base_seconds), to_milliseconds(*increment_seconds)};
}

std::string time_control_tag(const TimeControl& tc) {
    std::string tag = seconds_text(tc.base);
    if (tc.increment.count()) tag.append("+").append(seconds_text(tc.increment));
    return tag;
}

std::string limits_text(const SearchLimits& limits) {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (limits.clock) add("tc " + time_control_tag(*limits.clock));
    if (limits.nodes) add("nodes " + std::to_string(limits.nodes));
    if (limits.depth) add("depth " + std::to_string(limits.depth));
    if (limits.movetime.count()) add("movetime " + std::to_string(limits.movetime.count()) + " ms");
    return text;
}

std::string go_command(const SearchLimits& limits, Milliseconds white_left,
                       Milliseconds black_left) {
    return go_command(limits, limits, true, white_left, black_left);
}

std::string go_command(const SearchLimits& white, const SearchLimits& black, bool white_to_move,
                       Milliseconds white_left, Milliseconds black_left) {
    const SearchLimits& mover = white_to_move ? white : black;
    std::string go = "go";
    if (mover.clock) {
        // A side without a clock of its own is shown the mover's time and increment.
        if (!white.clock) white_left = black_left;
        if (!black.clock) black_left = white_left;
        go += " wtime " + std::to_string(white_left.count()) + " btime " +
              std::to_string(black_left.count());
        Milliseconds winc = (white.clock ? white.clock : mover.clock)->increment;
        Milliseconds binc = (black.clock ? black.clock : mover.clock)->increment;
        if (winc.count() || binc.count())
            go += " winc " + std::to_string(winc.count()) + " binc " + std::to_string(binc.count());
    }
    if (mover.nodes) go += " nodes " + std::to_string(mover.nodes);
    if (mover.depth) go += " depth " + std::to_string(mover.depth);
    if (mover.movetime.count()) go += " movetime " + std::to_string(mover.movetime.count());
    return go;
}

} // namespace evo::match
