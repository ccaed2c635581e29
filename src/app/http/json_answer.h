// JSON answers at the HTTP edge. Text that came from outside (a path, a FEN) may be
// invalid UTF-8: it is replaced by U+FFFD here, so encoding an answer can never throw.
#pragma once

#include "app/common/api_error.h"
#include "message.h"

#include <nlohmann/json.hpp>

#include <exception>

namespace evo::app {

std::string to_json_text(const nlohmann::json& value);
HttpResponse json_response(const nlohmann::json& body, int status = 200);
// {"error": message} with the kind's status (api_error.h's table).
HttpResponse error_response(ErrorKind kind, const std::string& message,
                            int retry_after_seconds = 1);
// The answer to what a handler threw, wherever it is given (on the request's thread, or later
// on another): an ApiError's kind and sentence, a StorageError's (logged), else 500 (logged).
// `reading`: the request only reads (GET, HEAD), so a storage failure lost no change.
HttpResponse failure_response(std::exception_ptr failure, bool reading = false);

} // namespace evo::app
