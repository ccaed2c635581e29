#include "variant_file_error.h"

#include "core/message_text.h"

#include <string>

namespace evo::variants {

std::string_view kind_name(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::Io: return "io";
    case ErrorKind::Syntax: return "syntax";
    case ErrorKind::UnknownField: return "unknown field";
    case ErrorKind::BadValue: return "bad value";
    case ErrorKind::MissingField: return "missing field";
    case ErrorKind::UnknownParent: return "unknown parent";
    case ErrorKind::Cycle: return "cycle";
    case ErrorKind::Duplicate: return "duplicate";
    case ErrorKind::Contradiction: return "contradiction";
    case ErrorKind::BadStartFen: return "bad start_fen";
    }
    return "error";
}

// The message quotes the file's own bytes (names, values): it is made valid UTF-8 of one
// line, as terminals, logs and JSON answers need.
std::string FileError::message() const {
    std::string out = file;
    if (line > 0) {
        out += ':';
        out += std::to_string(line);
    }
    out += ": ";
    if (!variant.empty()) {
        out += "variant '";
        out += variant;
        out += field.empty() ? "': " : "', ";
    }
    if (!field.empty()) {
        out += "field '";
        out += field;
        out += "': ";
    }
    out += why;
    return quote_input(out, std::string::npos);
}

} // namespace evo::variants
