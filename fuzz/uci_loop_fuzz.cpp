// The UCI command loop: any lines into a uci::Session, searches running in the background
// while later lines arrive. Checks that every `go` other than `go perft` is answered by
// exactly one `bestmove` (however the commands overlap), and that every line written is
// valid UTF-8 (input is quoted escaped). Searches are bounded by nodes and Hash/Threads by
// small sizes, so one input takes milliseconds.
#include "protocol/uci/uci.h"

#include "core/message_text.h"
#include "fuzz_common.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator)) parts.push_back(part);
    return parts;
}

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    for (std::string& w : split(line, ' '))
        if (!w.empty()) out.push_back(std::move(w));
    return out;
}

std::string lower(std::string text) {
    for (char& c : text) c = char(c | 0x20);
    return text;
}

// A table or thread count that would make one input take seconds.
bool too_costly(const std::vector<std::string>& w) {
    if (w.empty() || w[0] != "setoption") return false;
    std::string all;
    for (const std::string& s : w) all += lower(s) + ' ';
    if (all.find("hash") == std::string::npos && all.find("thread") == std::string::npos)
        return false;
    long long value = 0;
    const std::string& last = w.back();
    auto [end, error] = std::from_chars(last.data(), last.data() + last.size(), value);
    return error == std::errc() && value > 4;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    if (size > 3000) return 0;
    std::string text(reinterpret_cast<const char*>(data), size);
    // One separator for words, as in the harness's own count of `go` commands.
    std::replace(text.begin(), text.end(), '\t', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    std::ostringstream out;
    int searches = 0;
    {
        uci::Session session(out);
        for (std::string line : split(text, '\n')) {
            std::vector<std::string> w = words(line);
            if (too_costly(w)) continue;
            bool is_go = !w.empty() && w[0] == "go";
            if (is_go && std::find(w.begin(), w.end(), "perft") == w.end()) {
                ++searches;
                line += " nodes 2000";
            }
            if (!session.handle(line)) break;
        }
    } // stops a search still running: it answers too
    int answers = 0;
    for (const std::string& line : split(out.str(), '\n')) {
        if (!is_valid_utf8(line)) fuzz::fail();
        answers += line.rfind("bestmove ", 0) == 0;
    }
    if (answers != searches) fuzz::fail();
    return 0;
}
