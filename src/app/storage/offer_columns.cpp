#include "offer_columns.h"

namespace evo::app {

GameOffer offer_of_row(const SqliteStatement& row, int first) {
    GameOffer offer;
    offer.variant = row.column_text(first);
    offer.clock_initial_ms = row.column_optional_int64(first + 1);
    offer.clock_increment_ms = row.column_optional_int64(first + 2);
    offer.clock_days = row.column_optional_int(first + 3);
    offer.rated = row.column_int(first + 4) != 0;
    offer.colour = stored_colour_choice(row.column_text(first + 5));
    return offer;
}

SqliteStatement& bind_offer(SqliteStatement& statement, int first, const GameOffer& offer) {
    return statement.bind(first, offer.variant)
        .bind_optional(first + 1, offer.clock_initial_ms)
        .bind_optional(first + 2, offer.clock_increment_ms)
        .bind_optional(first + 3, offer.clock_days)
        .bind(first + 4, std::int64_t(offer.rated ? 1 : 0))
        .bind(first + 5, std::string(colour_choice_name(offer.colour)));
}

GameOffer offer_of_row(const PostgresResult& rows, int row, int first) {
    GameOffer offer;
    offer.variant = rows.text(row, first);
    offer.clock_initial_ms = rows.optional_int64(row, first + 1);
    offer.clock_increment_ms = rows.optional_int64(row, first + 2);
    offer.clock_days = rows.optional_int(row, first + 3);
    offer.rated = rows.boolean(row, first + 4);
    offer.colour = stored_colour_choice(rows.text(row, first + 5));
    return offer;
}

PostgresParams& add_offer(PostgresParams& params, const GameOffer& offer) {
    return params.add(offer.variant)
        .add_optional(offer.clock_initial_ms)
        .add_optional(offer.clock_increment_ms)
        .add_optional(offer.clock_days)
        .add_bool(offer.rated)
        .add(std::string(colour_choice_name(offer.colour)));
}

} // namespace evo::app
