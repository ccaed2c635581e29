#include "core/comma_list.h"

namespace evo {

std::vector<std::string> comma_list(std::string_view text, std::size_t most) {
    constexpr std::string_view blank = " \t\r\n";
    std::vector<std::string> items;
    while (items.size() < most && !text.empty()) {
        std::size_t comma = text.find(',');
        std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        std::size_t first = item.find_first_not_of(blank);
        if (first == std::string_view::npos) continue;
        item = item.substr(first, item.find_last_not_of(blank) - first + 1);
        items.emplace_back(item);
    }
    return items;
}

} // namespace evo
