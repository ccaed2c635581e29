#include "json_fields.h"

#include <algorithm>

#include "app/analysis/engine_port.h"
#include "json_shape.h"

namespace evo::app {

using nlohmann::json;

json parse_request_body(const std::string& body) {
    if (body.find_first_not_of(" \t\r\n") == std::string::npos) return json::object();
    if (auto problem = json_shape_problem(body)) throw bad_request(*problem);
    json parsed = json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) throw bad_request("the request body is not valid JSON");
    if (!parsed.is_object()) throw bad_request("the request body must be a JSON object");
    return parsed;
}

std::optional<std::string> optional_string(const json& body, const char* field) {
    auto it = body.find(field);
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) throw bad_request(std::string("\"") + field + "\" must be a string");
    return it->get<std::string>();
}

std::optional<int> optional_int(const json& body, const char* field, int min, int max) {
    auto it = body.find(field);
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer())
        throw bad_request(std::string("\"") + field + "\" must be a whole number");
    auto value = it->get<std::int64_t>();
    if (value < min || value > max)
        throw bad_request(std::string("\"") + field + "\" must be between " + std::to_string(min) +
                          " and " + std::to_string(max));
    return int(value);
}

std::string one_of(const json& body, const char* field, const std::vector<std::string>& allowed) {
    std::string value = optional_string(body, field).value_or(allowed.front());
    if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return value;
    std::string names;
    for (std::size_t i = 0; i < allowed.size(); ++i) {
        if (i > 0) names.append(i + 1 == allowed.size() ? " or " : ", ");
        names.append("\"").append(allowed[i]).append("\"");
    }
    throw bad_request("\"" + std::string(field) + "\" must be " + names);
}

std::optional<ColourChoice> optional_colour_choice(const json& body, const char* field) {
    auto text = optional_string(body, field);
    if (!text) return std::nullopt;
    if (auto choice = colour_choice_named(*text)) return choice;
    throw bad_request(std::string("\"") + field + "\" must be \"w\", \"b\" or \"random\"");
}

std::optional<char> optional_side(const json& body, const char* field) {
    auto text = optional_string(body, field);
    if (!text) return std::nullopt;
    if (*text != "w" && *text != "b")
        throw bad_request(std::string("\"") + field + "\" must be \"w\" or \"b\"");
    return (*text)[0];
}

PlayerKinds players_field(const json& body, PlayerKinds current) {
    auto it = body.find("players");
    if (it == body.end() || it->is_null()) return current;
    if (!it->is_object())
        throw bad_request(
            "\"players\" must be an object like {\"w\": \"human\", \"b\": \"engine\"}");
    for (auto [key, target] : {std::pair{"w", &current.white}, std::pair{"b", &current.black}}) {
        auto name = optional_string(*it, key);
        if (!name) continue;
        auto kind = player_kind_from_name(*name);
        if (!kind)
            throw bad_request("a player must be \"human\" or \"engine\", not \"" + *name + "\"");
        *target = *kind;
    }
    return current;
}

EngineLimits engine_field(const json& body, EngineLimits current) {
    auto it = body.find("engine");
    if (it == body.end() || it->is_null()) return current;
    if (!it->is_object())
        throw bad_request(
            "\"engine\" must be an object like {\"level\": 3} or {\"movetime_ms\": 1000}");
    if (it->contains("movetime_ms"))
        current.movetime_ms = optional_int(*it, "movetime_ms", 1, max_movetime_ms);
    if (it->contains("depth")) current.depth = optional_int(*it, "depth", 1, max_search_depth);
    if (it->contains("level")) current.level = optional_int(*it, "level", 1, engine_level_count);
    return current;
}

std::optional<ClockSettings> clock_field(const json& body) {
    auto it = body.find("clock");
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_object())
        throw bad_request("\"clock\" must be an object like {\"initial_ms\": 300000, "
                          "\"increment_ms\": 3000} or {\"days_per_move\": 3}");
    ClockSettings settings;
    constexpr int three_hours_ms = 3 * 60 * 60 * 1000;
    if (auto days = optional_int(*it, "days_per_move", 1, 14)) {
        settings.days_per_move = *days;
    } else {
        auto initial = optional_int(*it, "initial_ms", 1000, three_hours_ms);
        if (!initial) throw bad_request("a clock needs \"initial_ms\" or \"days_per_move\"");
        settings.initial_ms = *initial;
        settings.increment_ms = optional_int(*it, "increment_ms", 0, 180000).value_or(0);
    }
    if (auto invalid = invalid_clock_settings(settings)) throw bad_request(*invalid);
    return settings;
}

} // namespace evo::app
