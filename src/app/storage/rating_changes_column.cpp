#include "rating_changes_column.h"

#include <nlohmann/json.hpp>

namespace evo::app {

std::optional<std::array<RatingChange, 2>>
rating_changes_from_json(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    nlohmann::json rows = nlohmann::json::parse(*text, nullptr, false);
    if (!rows.is_array() || rows.size() != 2) return std::nullopt;
    std::array<RatingChange, 2> changes;
    std::array<bool, 2> seen{};
    for (const auto& row : rows) {
        if (!row.is_array() || row.size() != 3 || !row[0].is_string() || !row[1].is_number() ||
            !row[2].is_number())
            return std::nullopt;
        std::size_t seat = row[0] == "w" ? 0 : 1;
        changes[seat] = {row[1].get<double>(), row[2].get<double>()};
        seen[seat] = true;
    }
    if (!seen[0] || !seen[1]) return std::nullopt;
    return changes;
}

} // namespace evo::app
