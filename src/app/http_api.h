// The JSON API's routes (docs/api.md) on a cpp-httplib server.
#pragma once

#include "game_service.h"

#include <cstddef>

namespace httplib {
class Server;
}

namespace evo::app {

constexpr std::size_t max_request_body_bytes = 1 << 20;

// Adds every /api route, the JSON error answers, and the body size limit.
void register_api_routes(httplib::Server& server, GameService& service);

} // namespace evo::app
