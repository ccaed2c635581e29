#include "json_answer.h"

namespace evo::app {

std::string to_json_text(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

HttpResponse json_response(const nlohmann::json& body, int status) {
    HttpResponse response;
    response.status = status;
    response.body = to_json_text(body);
    return response;
}

HttpResponse error_response(ErrorKind kind, const std::string& message, int retry_after_seconds) {
    HttpResponse response = json_response({{"error", message}}, http_status(kind));
    if (kind == ErrorKind::RateLimited || kind == ErrorKind::Unavailable)
        response.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds));
    return response;
}

} // namespace evo::app
