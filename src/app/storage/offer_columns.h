// How a GameOffer (game_offer.h) is stored in the seeks and challenges tables alike: six
// columns in a row, variant, clock_initial_ms, clock_increment_ms, clock_days, rated and
// colour. Read and bound here once for SQLite and for PostgreSQL.
#pragma once

#include "app/lobby/offer.h"
#include "app/storage/postgres/connection.h"
#include "app/storage/sqlite/database.h"

namespace evo::app {

// The offer in the six columns from `first` of a SQLite row.
GameOffer offer_of_row(const SqliteStatement& row, int first);
// Binds the offer to the six parameters from `first`.
SqliteStatement& bind_offer(SqliteStatement& statement, int first, const GameOffer& offer);

// The offer in the six columns from `first` of a PostgreSQL result's row.
GameOffer offer_of_row(const PostgresResult& rows, int row, int first);
// Adds the offer as the next six parameters.
PostgresParams& add_offer(PostgresParams& params, const GameOffer& offer);

} // namespace evo::app
