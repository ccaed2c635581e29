// The app's one error vocabulary: every failure a request can meet has a kind, and one
// table (http_status) turns a kind into an HTTP status. Errors carry a sentence for a person.
#pragma once

#include "storage_error.h"

#include <stdexcept>
#include <string>

namespace evo::app {

enum class ErrorKind {
    BadRequest,    // malformed input: JSON, FEN, PGN, a field of the wrong type or range
    Unauthorized,  // an action on an online game without a seat token; a wrong login
    Forbidden,     // a wrong seat token, a request from another site
    NotFound,      // no such game or route
    Conflict,      // out of turn, a race lost, the game moved on, a seat already taken
    TooLarge,      // a body over the limit
    Unprocessable, // an illegal move, an action a finished game cannot take
    RateLimited,   // too many requests from one address
    HeadersTooLarge,
    Unavailable, // busy (engine queue full), storage unavailable, shutting down
    StorageFull, // the disk holding the database is full
    Internal,    // a fault of ours; logged
};

constexpr int http_status(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::BadRequest: return 400;
    case ErrorKind::Unauthorized: return 401;
    case ErrorKind::Forbidden: return 403;
    case ErrorKind::NotFound: return 404;
    case ErrorKind::Conflict: return 409;
    case ErrorKind::TooLarge: return 413;
    case ErrorKind::Unprocessable: return 422;
    case ErrorKind::RateLimited: return 429;
    case ErrorKind::HeadersTooLarge: return 431;
    case ErrorKind::Unavailable: return 503;
    case ErrorKind::StorageFull: return 507;
    case ErrorKind::Internal: return 500;
    }
    return 500;
}

// What a storage failure is to a client. Corrupt data cannot be written now either: the
// client may try again once the operator has restored it.
constexpr ErrorKind error_kind_of(StorageErrorKind kind) {
    switch (kind) {
    case StorageErrorKind::Gone: return ErrorKind::NotFound;
    case StorageErrorKind::Conflict: return ErrorKind::Conflict;
    case StorageErrorKind::Unavailable: return ErrorKind::Unavailable;
    case StorageErrorKind::Full: return ErrorKind::StorageFull;
    case StorageErrorKind::Corrupt: return ErrorKind::Unavailable;
    }
    return ErrorKind::Internal;
}

class ApiError : public std::runtime_error {
  public:
    ApiError(ErrorKind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }
    int status() const { return http_status(kind_); }
    // How long a client should wait before asking again (Retry-After), for a 429 or 503.
    ApiError& retry_after(int seconds) {
        retry_after_seconds_ = seconds;
        return *this;
    }
    int retry_after_seconds() const { return retry_after_seconds_; }

  private:
    ErrorKind kind_;
    int retry_after_seconds_ = 1;
};

inline ApiError bad_request(const std::string& message) {
    return ApiError(ErrorKind::BadRequest, message);
}
inline ApiError forbidden(const std::string& message) {
    return ApiError(ErrorKind::Forbidden, message);
}
inline ApiError not_found(const std::string& message) {
    return ApiError(ErrorKind::NotFound, message);
}
inline ApiError conflict(const std::string& message) {
    return ApiError(ErrorKind::Conflict, message);
}
inline ApiError unprocessable(const std::string& message) {
    return ApiError(ErrorKind::Unprocessable, message);
}
inline ApiError unavailable(const std::string& message) {
    return ApiError(ErrorKind::Unavailable, message);
}

} // namespace evo::app
