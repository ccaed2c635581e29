// `serve --schedule FILE`: the site's schedule read from INI (docs/tournaments.md, "The
// schedule"), one section per entry. Every value is checked as POST /api/tournament checks it,
// so a file that loads makes only events that can be played; the first error comes back with
// its line, and nothing of the file is used.
#pragma once

#include "arena_schedule.h"
#include "variants/variant_file_error.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo::app {

// `file` names the text in errors; variants must be in the registry (loaded ones too).
variants::Outcome<std::vector<ScheduledArena>>
read_arena_schedule(std::string_view text, const std::string& file, int max_minutes = 720);

// The same from a file on disk (at most 1 MiB).
variants::Outcome<std::vector<ScheduledArena>> load_arena_schedule(const std::string& path,
                                                                   int max_minutes = 720);

} // namespace evo::app
