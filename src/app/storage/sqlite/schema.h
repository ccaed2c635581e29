// The SQLite schema's versions and the ordered steps between them. The version is kept in
// the file's header (PRAGMA user_version); a file made before versions were kept reads 0 and
// the first step, the baseline, brings it (or a new file) to version 1.
#pragma once

#include "database.h"

namespace evo::app {

// The newest schema version this binary knows.
int newest_sqlite_schema_version();
// The version stored in the file.
int sqlite_schema_version(SqliteDatabase& db);
// Runs every step from the stored version up to `target` (the newest unless told), each in
// its own transaction with the version it reaches, so a failed step leaves the last version
// whole. A file whose version is newer than this binary knows is refused with
// NewerSchemaError before anything is written. Answers the version found.
int migrate_sqlite_schema(SqliteDatabase& db);
int migrate_sqlite_schema(SqliteDatabase& db, int target);

} // namespace evo::app
