// An error the API answers with a 4xx status and {"error": message}.
#pragma once

#include <stdexcept>
#include <string>

namespace evo::app {

class ApiError : public std::runtime_error {
  public:
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

  private:
    int status_;
};

inline ApiError bad_request(const std::string& message) {
    return ApiError(400, message);
}
inline ApiError not_found(const std::string& message) {
    return ApiError(404, message);
}
inline ApiError conflict(const std::string& message) {
    return ApiError(409, message);
}
inline ApiError unprocessable(const std::string& message) {
    return ApiError(422, message);
}

} // namespace evo::app
