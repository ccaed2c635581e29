// Why a search was not queued on the engine threads, as the error its client gets: every
// thread and the queue busy is 503; the client holding its share of them already is 429
// (the client's own searches must end first). Both say Retry-After.
#pragma once

#include "app/common/api_error.h"
#include "app/common/task_pool.h"

#include <string>

namespace evo::app {

inline ApiError engine_refusal(Admission admission, std::size_t per_client) {
    if (admission == Admission::ClientFull)
        return ApiError(ErrorKind::RateLimited,
                        "you have " + std::to_string(2 * per_client) +
                            " engine searches running or waiting already; wait for one to end");
    return unavailable("the engine is busy; try again in a moment");
}

} // namespace evo::app
