// The exceptions the module raises: one C++ type per Python class, each carrying the core's
// message (the core itself reports errors as values, never by throwing).
#pragma once

#include "core/result.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace evo::python {

struct UnknownVariantError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct FenError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct IllegalMoveError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct PgnError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// A variants file's error with where it is (variant_file_error.h); raised with the same
// fields as attributes.
struct VariantFileError : std::runtime_error {
    VariantFileError(const std::string& message, std::string kind, std::string file, int line,
                     std::string variant, std::string field)
        : std::runtime_error(message), kind(std::move(kind)), file(std::move(file)), line(line),
          variant(std::move(variant)), field(std::move(field)) {}
    std::string kind, file;
    int line;
    std::string variant, field;
};

// Raises the core's error as the class its kind maps to (bindings::binding_error_class):
// UnknownVariantError, FenError, IllegalMoveError, PgnError, else ValueError.
[[noreturn]] void raise_error(const Error& error);

// The value, or the error raised.
template <class T> T checked(Result<T> result) {
    if (!result) raise_error(result.failure());
    return std::move(result).value();
}

} // namespace evo::python
