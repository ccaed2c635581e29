// Reading fields of a JSON request body with clear 400 errors for wrong types.
#pragma once

#include "app/common/api_error.h"
#include "app/record/colour_choice.h"
#include "app/record/game_record.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace evo::app {

// The body parsed as a JSON object; an empty body is an empty object.
nlohmann::json parse_request_body(const std::string& body);

std::optional<std::string> optional_string(const nlohmann::json& body, const char* field);
std::optional<int> optional_int(const nlohmann::json& body, const char* field, int min, int max);
// One of `allowed` (absent: the first); anything else is a 400 naming them all.
std::string one_of(const nlohmann::json& body, const char* field,
                   const std::vector<std::string>& allowed);
// "w", "b" or "random".
std::optional<ColourChoice> optional_colour_choice(const nlohmann::json& body, const char* field);
// "w" or "b".
std::optional<char> optional_side(const nlohmann::json& body, const char* field);
// {"w": "human"|"engine", "b": ...}; absent sides keep `current`.
PlayerKinds players_field(const nlohmann::json& body, PlayerKinds current);
// {"level": 1..8|null, "movetime_ms": n|null, "depth": n|null}; absent fields keep `current`.
EngineLimits engine_field(const nlohmann::json& body, EngineLimits current);

// {"initial_ms": n, "increment_ms": n} or {"days_per_move": n}; null or absent: no clock.
std::optional<ClockSettings> clock_field(const nlohmann::json& body);

} // namespace evo::app
