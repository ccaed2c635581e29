#include "json_answer.h"

#include "app/common/fault_log.h"

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

namespace {

// A read (GET, HEAD) changed nothing: its sentence says so, not that a change was lost.
const char* storage_read_error_sentence(StorageErrorKind kind) {
    switch (kind) {
    case StorageErrorKind::Gone: return "the game is gone";
    case StorageErrorKind::Conflict: return "the game was changed meanwhile: ask again";
    case StorageErrorKind::Unavailable:
        return "the game storage cannot be read now: try again shortly";
    case StorageErrorKind::Full: return "the server's disk is full";
    case StorageErrorKind::Corrupt: return "the game storage is damaged";
    }
    return "storage error";
}

const char* storage_error_sentence(StorageErrorKind kind) {
    switch (kind) {
    case StorageErrorKind::Gone: return "the game is gone: the change was not saved";
    case StorageErrorKind::Conflict:
        return "the game was changed meanwhile: the change was not saved";
    case StorageErrorKind::Unavailable:
        return "the game storage cannot be written now: the change was not saved";
    case StorageErrorKind::Full: return "the server's disk is full: the change was not saved";
    case StorageErrorKind::Corrupt: return "the game storage is damaged: the change was not saved";
    }
    return "storage error: the change was not saved";
}

} // namespace

HttpResponse failure_response(std::exception_ptr failure, bool reading) {
    if (!failure) return error_response(ErrorKind::Internal, "internal error");
    try {
        std::rethrow_exception(failure);
    } catch (const ApiError& error) {
        return error_response(error.kind(), error.what(), error.retry_after_seconds());
    } catch (const StorageError& error) {
        log_fault("storage error", error.what());
        return error_response(error_kind_of(error.kind()),
                              reading ? storage_read_error_sentence(error.kind())
                                      : storage_error_sentence(error.kind()));
    } catch (const std::exception& error) {
        log_fault("internal error", error.what());
    } catch (...) {
        log_fault("internal error", "an exception of unknown type");
    }
    return error_response(ErrorKind::Internal, "internal error");
}

} // namespace evo::app
