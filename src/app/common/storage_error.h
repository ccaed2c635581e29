// What a game repository throws when storage fails, whichever database is behind it. The
// kind says what a caller can do about it; api_error.h's table turns it into a status.
#pragma once

#include <stdexcept>
#include <string>

namespace evo::app {

enum class StorageErrorKind {
    Gone,        // the row the change was for no longer exists
    Conflict,    // the change clashes with what another writer stored first
    Unavailable, // the storage cannot be read or written now (locked, read-only, I/O, offline)
    Full,        // no room is left for the change
    Corrupt,     // the stored data is damaged or not a database of ours
};

class StorageError : public std::runtime_error {
  public:
    StorageError(StorageErrorKind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}
    StorageErrorKind kind() const { return kind_; }

  private:
    StorageErrorKind kind_;
};

// The stored data was written by a newer release (its schema version is above the newest
// this binary knows): refused before anything is changed.
class NewerSchemaError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace evo::app
