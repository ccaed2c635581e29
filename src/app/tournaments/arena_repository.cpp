#include "arena_repository.h"

namespace evo::app {

std::string_view arena_status_name(ArenaStatus status) {
    switch (status) {
    case ArenaStatus::Created: return "created";
    case ArenaStatus::Started: return "started";
    case ArenaStatus::Finished: return "finished";
    }
    return "finished";
}

std::optional<ArenaStatus> arena_status_named(std::string_view name) {
    for (ArenaStatus status : {ArenaStatus::Created, ArenaStatus::Started, ArenaStatus::Finished})
        if (arena_status_name(status) == name) return status;
    return std::nullopt;
}

} // namespace evo::app
