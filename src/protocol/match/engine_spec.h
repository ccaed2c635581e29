// What `--engine "cmd=... name=... option.Hash=16"` says: how to start an engine and set it up.
#pragma once

#include "time_control.h"

#include "core/result.h"

#include <optional>

#include <string>
#include <utility>
#include <vector>

namespace evo::match {

struct EngineSpec {
    std::vector<std::string> command; // program and arguments, split like a shell would
    std::string name;                 // for PGN tags and the summary; unique within a match
    std::vector<std::pair<std::string, std::string>> options; // UCI setoption, in order
    // This engine's own limits instead of the match's (`tc=`, `nodes=`, `depth=`,
    // `movetime=` in milliseconds), as in cutechess-cli: time-odds and depth-limited matches.
    std::optional<TimeControl> clock;
    std::optional<std::int64_t> nodes;
    std::optional<int> depth;
    std::optional<Milliseconds> movetime;
};

// Splits on blanks; single or double quotes keep blanks, a backslash escapes one character.
Result<std::vector<std::string>> split_words(std::string_view text);

// Reads "cmd=... name=... option.NAME=VALUE tc=... nodes=... depth=... movetime=...".
// Without name=, the program's file name.
Result<EngineSpec> parse_engine_spec(std::string_view text);

// The match's limits with this engine's own in their place.
SearchLimits limits_for(const SearchLimits& match, const EngineSpec& spec);
// "tc 2+0.02, depth 4": the engine's own limits, empty without any.
std::string own_limits_text(const EngineSpec& spec);

// Gives engines with the same name a " 2", " 3" suffix, so PGN players stay apart.
void make_names_unique(std::vector<EngineSpec>& engines);

} // namespace evo::match
