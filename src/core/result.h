// A value or an error: how the core reports bad input (never exceptions, never a crash).
// A small stand-in for C++23's std::expected. An error has a kind, for code that reacts to
// it (as python-chess and shakmaty tell a malformed move from an illegal one), and a message
// for people, which says everything the kind says and more.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace evo {

enum class ErrorKind {
    Other,           // none of those below (the default, for callers outside the core)
    UnknownVariant,  // a variant name nobody knows
    InvalidVariant,  // a variant definition the registry refuses (no name, defined twice)
    MalformedFen,    // a FEN that cannot be read: fields, ranks, letters, numbers
    InvalidPosition, // a FEN that reads but cannot be played: kings, units, a side in check
    NotInVariant,    // a FEN that uses what the variant lacks: Cthulhu, a seventh field, rights
    MalformedMove,   // a text that is neither UCI nor SAN
    IllegalMove,     // a well-formed move that is not legal in the position
    AmbiguousMove,   // a SAN that more than one legal move matches
    GameOver,        // a move after the game ended
    MalformedPgn,    // PGN text that cannot be read: tags, comments, variations, trailing text
};

// "unknown_variant", "illegal_move", ...: the kind as a word for tests, logs and bindings.
std::string_view error_kind_name(ErrorKind kind);

struct Error {
    ErrorKind kind = ErrorKind::Other;
    std::string message;
};

template <class T> class Result {
  public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error error) : error_(std::move(error)) {}

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
    // The message ("" for a value).
    const std::string& error() const { return error_.message; }
    // ErrorKind::Other for a value.
    ErrorKind error_kind() const { return error_.kind; }
    const Error& failure() const { return error_; }

  private:
    std::optional<T> value_;
    Error error_;
};

inline Error make_error(ErrorKind kind, std::string message) {
    return Error{kind, std::move(message)};
}
// An error of no particular kind (ErrorKind::Other).
inline Error make_error(std::string message) {
    return Error{ErrorKind::Other, std::move(message)};
}
// `inner` with its message after `context` ("move 3: " + ...), of the same kind.
inline Error make_error(const std::string& context, const Error& inner) {
    return Error{inner.kind, context + inner.message};
}

} // namespace evo
