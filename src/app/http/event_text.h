// The text of server-sent events (docs/api.md "Live updates"): the one place that writes it.
// An event is encoded once and the same buffer goes to every stream it is for.
#pragma once

#include "message.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace evo::app {

// One event: `data` as one line of JSON, named `name` (empty: a plain message), with `id` as
// its event id when given (a client sends the last one back as Last-Event-ID).
EventText event_text(const nlohmann::json& data, std::string_view name = {},
                     std::optional<std::int64_t> id = std::nullopt);
// The last event of a stream the server ends because its client fell behind: reconnect.
EventText reconnect_hint_text();
// The last event of a stream the server ends because it stops (a restart): reconnect soon
// (a `retry` of a quarter second), which behind a proxy reaches another process.
EventText restart_hint_text();

} // namespace evo::app
