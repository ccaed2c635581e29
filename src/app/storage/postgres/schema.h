// The PostgreSQL schema's versions and the ordered steps between them, numbered as SQLite's
// (sqlite_schema.h): version 1 the baseline, 2 the listing index. The version is kept in the
// table schema_version; a database without it is empty (version 0).
#pragma once

#include "connection.h"

namespace evo::app {

// The newest schema version this binary knows.
int newest_postgres_schema_version();
// The version stored in the database (0: none yet).
int postgres_schema_version(PostgresConnection& connection);
// Runs every step from the stored version up to `target` (the newest unless told), all in one
// transaction that first takes an advisory lock, so that of two processes starting at once
// one migrates and the other then finds it done. A database whose version is newer than this
// binary knows is refused with NewerSchemaError, nothing changed. Answers the version found.
int migrate_postgres_schema(PostgresConnection& connection);
int migrate_postgres_schema(PostgresConnection& connection, int target);

} // namespace evo::app
