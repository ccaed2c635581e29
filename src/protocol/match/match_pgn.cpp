#include "match_pgn.h"

#include <algorithm>
#include <ctime>
#include <unistd.h>

namespace evo::match {

namespace {

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    ::localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || !name[0]) return "?";
    return name;
}

} // namespace

std::string match_game_pgn(const RefereedGame& record, const MatchGameInfo& info) {
    PgnTags tags = {
        {"Event", "evochess match"},           {"Site", host_name()}, {"Date", today()},
        {"Round", std::to_string(info.round)}, {"White", info.white}, {"Black", info.black},
    };
    if (info.white_time_control == info.black_time_control) {
        tags.emplace_back("TimeControl", info.white_time_control);
    } else {
        tags.emplace_back("WhiteTimeControl", info.white_time_control);
        tags.emplace_back("BlackTimeControl", info.black_time_control);
    }
    if (!info.opening_source.empty()) tags.emplace_back("Opening", info.opening_source);
    std::string text = to_pgn(record.game, tags);
    if (record.detail.empty()) return text + "\n";

    // "... 0-1\n" -> "... {illegal move 'e1e8' by X} 0-1\n"; '}' would end the comment early.
    std::string comment = record.detail;
    std::replace(comment.begin(), comment.end(), '}', ')');
    std::string result = record.game.result().pgn_result();
    std::size_t at = text.rfind(result);
    if (at != std::string::npos) text.insert(at, "{" + comment + "} ");
    return text + "\n";
}

} // namespace evo::match
