// A value or an error message: how the core reports bad input (never exceptions, never
// a crash). A small stand-in for C++23's std::expected.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace evo {

struct Error {
    std::string message;
};

template <class T> class Result {
  public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error error) : error_(std::move(error.message)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    // Reading the value of an error throws std::bad_optional_access: a bug, never UB.
    const T& value() const& { return value_.value(); }
    T& value() & { return value_.value(); }
    T&& value() && { return std::move(value_.value()); }
    const T& operator*() const& { return value_.value(); }
    T& operator*() & { return value_.value(); }
    const T* operator->() const { return &value_.value(); }
    T* operator->() { return &value_.value(); }
    const std::string& error() const { return error_; }

  private:
    std::optional<T> value_;
    std::string error_;
};

inline Error make_error(std::string message) {
    return Error{std::move(message)};
}

} // namespace evo
