// What went wrong in a variants file, with its kind and where: the error value every step of
// reading a variants file returns (never an exception, never half a file loaded).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace evo::variants {

enum class ErrorKind {
    Io,            // the file cannot be read
    Syntax,        // not INI: a line that is neither [section], name = value nor a comment
    UnknownField,  // a field name the description does not have
    BadValue,      // a value the field does not accept
    MissingField,  // a variant without a parent leaves a field unset
    UnknownParent, // [name:parent] names no variant
    Cycle,         // parents that lead back to the variant itself
    Duplicate,     // a variant or a field given twice, or a built-in name redefined
    Contradiction, // settings that cannot hold together
    BadStartFen,   // a start position illegal under the variant's own rules
};

std::string_view kind_name(ErrorKind kind);

struct FileError {
    ErrorKind kind;
    std::string file;
    int line = 0;        // 0: the file as a whole
    std::string variant; // empty: no variant concerned
    std::string field;   // empty: no field concerned
    std::string why;

    // "file:line: variant 'v', field 'f': why"
    std::string message() const;
};

// A value or the first error found.
template <class T> class Outcome {
  public:
    Outcome(T value) : value_(std::move(value)) {}
    Outcome(FileError error) : value_(std::move(error)) {}
    bool ok() const { return value_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(value_); }
    const T& value() const { return std::get<0>(value_); }
    const FileError& error() const { return std::get<1>(value_); }

  private:
    std::variant<T, FileError> value_;
};

} // namespace evo::variants
