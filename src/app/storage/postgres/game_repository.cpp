#include "game_repository.h"

#include "app/ratings/rated_games.h"
#include "app/storage/game_columns.h"
#include "app/storage/rating_changes_column.h"
#include "app/storage/seat_players_column.h"
#include "event_bus.h"
#include "schema.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <utility>

namespace evo::app {

namespace {

constexpr const char* note_alive_sql =
    "INSERT INTO server_state (name, value) VALUES ('alive_ms', $1) "
    "ON CONFLICT (name) DO UPDATE SET value = GREATEST(server_state.value, excluded.value)";

// $first, $first+1, ... one for each changeable column.
std::string changeable_placeholders(int first) {
    std::string marks;
    for (int i = 0; i < changeable_column_count; ++i)
        marks += (i == 0 ? "$" : ", $") + std::to_string(first + i);
    return marks;
}

void add_changeable_fields(PostgresParams& params, const GameRecord& record) {
    auto [declared_result, declared_reason] = declared_result_text(record.declared_result);
    const std::optional<GameClock>& clock = record.clock;
    bool days = clock && clock->settings.days_per_move;
    std::optional<std::string> running = side_text(clock ? clock->running : std::nullopt);
    // A finished game's clock does not run, whatever the clock says: no flag to watch.
    std::optional<std::int64_t> flag_at;
    if (clock && !record.summary.result) flag_at = clock->flag_time();
    params.add(player_kind_name(record.players.white))
        .add(player_kind_name(record.players.black))
        .add_optional(record.engine.movetime_ms)
        .add_optional(record.engine.depth)
        .add_optional(declared_result)
        .add_optional(declared_reason)
        .add_optional(side_text(record.draw_offer))
        .add(record.summary.fen)
        .add_optional(record.summary.result)
        .add_optional(record.summary.reason)
        .add(std::int64_t(record.moves_uci.size()))
        .add(record.updated)
        .add_bool(record.online)
        .add_optional(token_text(record.seats.tokens[0]))
        .add_optional(token_text(record.seats.tokens[1]))
        .add_optional(token_text(record.seats.invite_code))
        .add_optional(optional_int64(clock && !days, clock ? clock->settings.initial_ms : 0))
        .add_optional(optional_int64(clock && !days, clock ? clock->settings.increment_ms : 0))
        .add_optional(optional_int64(days, days ? *clock->settings.days_per_move : 0))
        .add_optional(optional_int64(bool(clock), clock ? clock->remaining_ms[0] : 0))
        .add_optional(optional_int64(bool(clock), clock ? clock->remaining_ms[1] : 0))
        .add_optional(running)
        .add_optional(optional_int64(bool(clock), clock ? clock->turn_started_ms : 0))
        .add_optional(flag_at)
        .add_optional(side_text(record.takeback_offer))
        .add_optional(side_text(record.rematch_offer))
        .add_optional(record.rematch_id)
        .add_optional(record.engine.level)
        .add_optional(optional_int64(bool(clock), clock ? clock->lag_quota_ms[0] : 0))
        .add_optional(optional_int64(bool(clock), clock ? clock->lag_quota_ms[1] : 0))
        .add_optional(optional_int64(bool(clock), clock ? berserk_bits(*clock) : 0));
}

// The moves from `from_ply` on, in one statement (a long game is one round trip, not one each).
void insert_moves(PostgresConnection& connection, std::int64_t id, const GameRecord& record,
                  std::size_t from_ply) {
    if (from_ply >= record.moves_uci.size()) return;
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t ply = from_ply; ply < record.moves_uci.size(); ++ply)
        moves.push_back(record.moves_uci[ply]);
    connection.execute(
        "INSERT INTO moves (game_id, ply, uci) "
        "SELECT $1, $2::integer + n::integer - 1, uci "
        "FROM json_array_elements_text($3::json) WITH ORDINALITY AS m(uci, n)",
        PostgresParams()
            .add(id)
            .add(std::int64_t(from_ply))
            .add(moves.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

std::vector<std::string> moves_from_json(const std::string& text, std::int64_t id) {
    std::vector<std::string> moves;
    try {
        for (const auto& move : nlohmann::json::parse(text))
            moves.push_back(move.get<std::string>());
    } catch (const nlohmann::json::exception& error) {
        throw StorageError(StorageErrorKind::Corrupt, "PostgreSQL: the moves of game " +
                                                          std::to_string(id) +
                                                          " cannot be read: " + error.what());
    }
    return moves;
}

// Inside the transaction that stores the game's end: both ratings change, once per game (a
// game with history rows has been rated already; the game's row lock, taken by the save's
// UPDATE, keeps two saves of its end apart). The two rating rows are locked in account order,
// so that two games ending at once with the same players cannot deadlock. Sets the record's
// rating_changes.
void apply_rating_change(PostgresConnection& connection, GameRecord& record) {
    auto end = rated_game_end(record);
    if (!end) return;
    if (connection
            .execute("SELECT 1 FROM rating_history WHERE game_id = $1",
                     PostgresParams().add(record.id))
            .rows() > 0)
        return;
    std::array<StoredRating, 2> before;
    PostgresResult rows = connection.execute(
        "SELECT account_id, rating, rd, volatility, games, wins, draws, losses, last_played_ms "
        "FROM ratings WHERE variant = $1 AND account_id IN ($2, $3) ORDER BY account_id "
        "FOR UPDATE",
        PostgresParams().add(end->variant).add(end->account_ids[0]).add(end->account_ids[1]));
    for (std::size_t seat = 0; seat < 2; ++seat) {
        std::optional<StoredRating> stored;
        for (int row = 0; row < rows.rows(); ++row)
            if (rows.int64(row, 0) == end->account_ids[seat])
                stored = StoredRating{end->variant,
                                      rows.float64(row, 1),
                                      rows.float64(row, 2),
                                      rows.float64(row, 3),
                                      int(rows.int64(row, 4)),
                                      int(rows.int64(row, 5)),
                                      int(rows.int64(row, 6)),
                                      int(rows.int64(row, 7)),
                                      rows.int64(row, 8)};
        before[seat] = rating_or_initial(stored, end->variant);
    }
    auto after = ratings_after(before, end->white_score, record.changed_ms);
    record.rating_changes.emplace();
    for (Color side : {White, Black}) {
        std::size_t seat = side;
        const StoredRating& r = after[seat];
        connection.execute(
            "INSERT INTO ratings (account_id, variant, rating, rd, volatility, games, wins, "
            "draws, losses, last_played_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
            "ON CONFLICT (account_id, variant) DO UPDATE SET rating = excluded.rating, "
            "rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, "
            "wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, "
            "last_played_ms = excluded.last_played_ms",
            PostgresParams()
                .add(end->account_ids[seat])
                .add(end->variant)
                .add_double(r.rating)
                .add_double(r.rd)
                .add_double(r.volatility)
                .add(std::int64_t(r.games))
                .add(std::int64_t(r.wins))
                .add(std::int64_t(r.draws))
                .add(std::int64_t(r.losses))
                .add(r.last_played_ms));
        connection.execute(
            "INSERT INTO rating_history (game_id, account_id, variant, colour, rating_before, "
            "rd_before, rating_after, rd_after, ended_ms) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            PostgresParams()
                .add(record.id)
                .add(end->account_ids[seat])
                .add(end->variant)
                .add(*side_text(side))
                .add_double(before[seat].rating)
                .add_double(before[seat].rd)
                .add_double(r.rating)
                .add_double(r.rd)
                .add(record.changed_ms));
        (*record.rating_changes)[seat] = {before[seat].rating, r.rating};
    }
}

// The common save (moves added or none, no rating to write), in one statement: the update on
// the version, the new moves and the notice. A move took six round trips before (BEGIN,
// UPDATE, DELETE, INSERT, NOTIFY, COMMIT); BEGIN stays, as the pool may retry it alone.
SaveOutcome save_moves_ahead(PostgresConnection& connection, const GameRecord& record,
                             std::size_t stored_move_count, PostgresParams& params) {
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t ply = stored_move_count; ply < record.moves_uci.size(); ++ply)
        moves.push_back(record.moves_uci[ply]);
    params.add(std::int64_t(stored_move_count))
        .add(moves.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
        .add(std::string(game_change_channel));
    auto placeholder = [](int n) {
        std::string text(1, '$');
        text += std::to_string(changeable_column_count + n);
        return text;
    };
    // Of two writers of one version, the second waits for the first's row lock, then finds
    // the version changed: nothing is updated, so nothing inserted and no notice.
    PostgresResult saved = connection.execute(
        "WITH updated AS (UPDATE games SET (" + changeable_columns() + ") = ROW(" +
            changeable_placeholders(1) + "), version = version + 1 WHERE id = " + placeholder(1) +
            " AND version = " + placeholder(2) +
            " RETURNING id, version), "
            "inserted AS (INSERT INTO moves (game_id, ply, uci) SELECT id, " +
            placeholder(3) + "::integer + n::integer - 1, uci FROM updated, " +
            "json_array_elements_text(" + placeholder(4) +
            "::json) WITH ORDINALITY AS m(uci, n)) "
            "SELECT pg_notify(" +
            placeholder(5) + ", id || ':' || version) FROM updated",
        params);
    if (saved.rows() > 0) return SaveOutcome::Saved;
    bool exists =
        connection.execute("SELECT 1 FROM games WHERE id = $1", PostgresParams().add(record.id))
            .rows() > 0;
    return exists ? SaveOutcome::VersionConflict : SaveOutcome::Gone;
}

} // namespace

PostgresGameRepository::PostgresGameRepository(const std::string& conninfo, std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresGameRepository::Started PostgresGameRepository::start(std::string_view sql,
                                                              const PostgresParams& params) {
    return start_statement(pool_, sql, params);
}

void PostgresGameRepository::in_transaction(const std::function<void(PostgresConnection&)>& work) {
    in_postgres_transaction(pool_, work);
}

PostgresResult PostgresGameRepository::run(std::string_view sql, const PostgresParams& params) {
    return start(sql, params).result;
}

void PostgresGameRepository::insert(GameRecord& record) {
    record.created = record.updated = utc_timestamp_now();
    record.version = 0;
    std::int64_t id = 0;
    in_transaction([&](PostgresConnection& connection) {
        PostgresParams params;
        params.add(record.variant)
            .add(record.start_fen)
            .add(record.pgn_tags_json)
            .add(record.created)
            .add_optional(token_text(record.owner))
            .add_bool(record.rated)
            .add_optional(seat_player_key(record.seat_players, White))
            .add_optional(seat_player_key(record.seat_players, Black))
            .add_optional(seat_players_text(record.seat_players));
        add_changeable_fields(params, record);
        id = connection
                 .execute("INSERT INTO games (variant, start_fen, pgn_tags, created, owner, "
                          "rated, white_player, black_player, seat_players, " +
                              changeable_columns() +
                              ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, " +
                              changeable_placeholders(10) + ") RETURNING id",
                          params)
                 .int64(0, 0);
        if (!record.made_for.empty())
            connection.execute("UPDATE games SET made_for = $1 WHERE id = $2",
                               PostgresParams().add(record.made_for).add(id));
        insert_moves(connection, id, record, 0);
        notify_game_changed(connection, {id, 0});
    });
    record.id = id; // only once committed
}

std::optional<GameRecord> PostgresGameRepository::load(std::int64_t id) {
    // One statement, so the row and its moves are read from one snapshot.
    PostgresResult game = run(R"sql(
        SELECT variant, start_fen, white, black, engine_movetime_ms, engine_depth,
               declared_result, declared_reason, draw_offer, pgn_tags,
               fen, result, reason, created, updated,
               version, online, white_token, black_token, invite_code,
               clock_initial_ms, clock_increment_ms, clock_days, clock_white_ms, clock_black_ms,
               clock_running, clock_turn_started_ms, takeback_offer, rematch_offer, rematch_id,
               engine_level, clock_white_lag_quota_ms, clock_black_lag_quota_ms,
               (SELECT coalesce(json_agg(uci ORDER BY ply), '[]'::json)
                FROM moves WHERE game_id = games.id)::text,
               owner, rated, white_player, black_player, seat_players,
               (SELECT json_agg(json_build_array(colour, rating_before, rating_after))
                FROM rating_history WHERE game_id = games.id)::text,
               made_for, clock_berserk
        FROM games WHERE id = $1)sql",
                              PostgresParams().add(id));
    if (game.rows() == 0) return std::nullopt;
    GameRecord record;
    record.id = id;
    record.variant = game.text(0, 0);
    record.start_fen = game.text(0, 1);
    record.players = {player_kind_or_human(game.text(0, 2)), player_kind_or_human(game.text(0, 3))};
    record.engine = {game.optional_int(0, 4), game.optional_int(0, 5), game.optional_int(0, 30)};
    record.declared_result = declared_result_of_columns("PostgreSQL", id, game.optional_text(0, 6),
                                                        game.optional_text(0, 7));
    record.draw_offer = side_of(game.optional_text(0, 8));
    record.pgn_tags_json = game.text(0, 9);
    record.summary = {game.text(0, 10), game.optional_text(0, 11), game.optional_text(0, 12)};
    record.created = game.text(0, 13);
    record.updated = game.text(0, 14);
    record.version = game.int64(0, 15);
    record.online = game.boolean(0, 16);
    record.seats.tokens = {game.optional_text(0, 17).value_or(""),
                           game.optional_text(0, 18).value_or("")};
    record.seats.invite_code = game.optional_text(0, 19).value_or("");
    if (auto white_ms = game.optional_int64(0, 23)) {
        ClockSettings settings;
        settings.initial_ms = game.optional_int64(0, 20).value_or(0);
        settings.increment_ms = game.optional_int64(0, 21).value_or(0);
        if (auto days = game.optional_int(0, 22)) settings.days_per_move = *days;
        GameClock clock = GameClock::start(settings);
        clock.remaining_ms = {*white_ms, game.optional_int64(0, 24).value_or(0)};
        clock.running = side_of(game.optional_text(0, 25));
        clock.turn_started_ms = game.optional_int64(0, 26).value_or(0);
        clock.lag_quota_ms = {game.optional_int64(0, 31).value_or(lag_quota_start_ms),
                              game.optional_int64(0, 32).value_or(lag_quota_start_ms)};
        read_berserk_bits(clock, game.optional_int64(0, 41));
        record.clock = clock;
    }
    record.takeback_offer = side_of(game.optional_text(0, 27));
    record.rematch_offer = side_of(game.optional_text(0, 28));
    record.rematch_id = game.optional_int64(0, 29);
    record.moves_uci = moves_from_json(game.text(0, 33), id);
    record.owner = game.optional_text(0, 34).value_or("");
    record.rated = game.boolean(0, 35);
    record.seat_players = seat_players_of(game.optional_text(0, 36), game.optional_text(0, 37),
                                          game.optional_text(0, 38));
    if (record.rated) record.rating_changes = rating_changes_from_json(game.optional_text(0, 39));
    record.made_for = game.optional_text(0, 40).value_or("");
    return record;
}

std::vector<GameListing> PostgresGameRepository::list(int limit, int offset,
                                                      const GameListFilter& filter) {
    if (filter.owners && filter.owners->empty()) return {};
    PostgresParams params;
    params.add(std::int64_t(limit)).add(std::int64_t(offset));
    std::string where = filter.online_only ? " WHERE online" : " WHERE TRUE";
    if (filter.owners) {
        where += " AND owner IN (";
        for (std::size_t i = 0; i < filter.owners->size(); ++i) {
            where += (i == 0 ? "$" : ", $") + std::to_string(i + 3);
            params.add((*filter.owners)[i]);
        }
        where += ")";
    }
    if (filter.variants && filter.variants->empty()) return {};
    auto mark = [&](const std::string& value) {
        params.add(value);
        std::string text(1, '$'); // not "$" + ...: GCC 12 warns falsely of an overlap at -O3
        text += std::to_string(params.values().size());
        return text;
    };
    // The seat player at `side`, and the opponent at the other side when one is asked.
    auto seat_clause = [&](Color side) {
        std::string clause = std::string("(") + (side == White ? "white" : "black") +
                             "_player = " + mark(*filter.seat_player);
        if (!filter.opponent) return clause + ")";
        return clause + " AND " + (side == White ? "black" : "white") +
               "_player = " + mark(*filter.opponent) + ")";
    };
    if (filter.seat_player && filter.seat_side) {
        where += " AND " + seat_clause(*filter.seat_side);
    } else if (filter.seat_player) {
        std::string as_white = seat_clause(White);
        where += " AND (" + as_white + " OR " + seat_clause(Black) + ")";
    }
    if (filter.finished)
        where += *filter.finished ? " AND result IS NOT NULL" : " AND result IS NULL";
    if (filter.rated) where += *filter.rated ? " AND rated" : " AND NOT rated";
    if (filter.variants) {
        where += " AND variant IN (";
        for (std::size_t i = 0; i < filter.variants->size(); ++i)
            where += (i == 0 ? "" : ", ") + mark((*filter.variants)[i]);
        where += ")";
    }
    if (filter.created_from) where += " AND created >= " + mark(*filter.created_from);
    if (filter.created_until) where += " AND created <= " + mark(*filter.created_until);
    if (filter.made_for) where += " AND made_for = " + mark(*filter.made_for);
    if (filter.below_id) where += " AND id < " + std::to_string(*filter.below_id);
    std::string order =
        filter.newest_made_first ? " ORDER BY id DESC" : " ORDER BY updated DESC, id DESC";
    PostgresResult games = run(R"sql(
        SELECT id, variant, white, black, fen, result, reason, move_count, created, updated,
               online, rated, white_player, black_player, seat_players,
               clock_initial_ms, clock_increment_ms, clock_days, clock_white_ms, clock_black_ms,
               clock_running, clock_turn_started_ms,
               (SELECT json_agg(json_build_array(colour, rating_before, rating_after))
                FROM rating_history WHERE game_id = games.id)::text
        FROM games)sql" + where + order +
                                   " LIMIT $1 OFFSET $2",
                               params);
    std::vector<GameListing> listings;
    for (int row = 0; row < games.rows(); ++row) {
        GameListing listing;
        listing.id = games.int64(row, 0);
        listing.variant = games.text(row, 1);
        listing.players = {player_kind_or_human(games.text(row, 2)),
                           player_kind_or_human(games.text(row, 3))};
        listing.summary = {games.text(row, 4), games.optional_text(row, 5),
                           games.optional_text(row, 6)};
        listing.move_count = int(games.int64(row, 7));
        listing.created = games.text(row, 8);
        listing.updated = games.text(row, 9);
        listing.online = games.boolean(row, 10);
        listing.rated = games.boolean(row, 11);
        listing.seat_players =
            seat_players_of(games.optional_text(row, 12), games.optional_text(row, 13),
                            games.optional_text(row, 14));
        listing.clock =
            clock_of_columns(games.optional_int64(row, 15), games.optional_int64(row, 16),
                             games.optional_int(row, 17), games.optional_int64(row, 18),
                             games.optional_int64(row, 19), games.optional_text(row, 20),
                             games.optional_int64(row, 21));
        if (listing.rated)
            listing.rating_changes = rating_changes_from_json(games.optional_text(row, 22));
        listings.push_back(std::move(listing));
    }
    return listings;
}

SaveOutcome PostgresGameRepository::save(GameRecord& record, std::size_t stored_move_count) {
    // The record keeps its old time unless the save is stored.
    std::string previous_update = std::exchange(record.updated, utc_timestamp_now());
    SaveOutcome outcome = SaveOutcome::Saved;
    try {
        in_transaction([&](PostgresConnection& connection) {
            PostgresParams params;
            add_changeable_fields(params, record);
            params.add(record.id).add(record.version);
            if (stored_move_count <= record.moves_uci.size() && !rated_game_end(record)) {
                outcome = save_moves_ahead(connection, record, stored_move_count, params);
                return;
            }
            // Of two writers of one version, the second waits for the first's row lock, then
            // finds the version changed and updates nothing.
            PostgresResult update = connection.execute(
                "UPDATE games SET (" + changeable_columns() + ") = ROW(" +
                    changeable_placeholders(1) + "), version = version + 1 WHERE id = $" +
                    std::to_string(changeable_column_count + 1) + " AND version = $" +
                    std::to_string(changeable_column_count + 2),
                params);
            if (update.affected_rows() == 0) {
                bool exists = connection
                                  .execute("SELECT 1 FROM games WHERE id = $1",
                                           PostgresParams().add(record.id))
                                  .rows() > 0;
                outcome = exists ? SaveOutcome::VersionConflict : SaveOutcome::Gone;
                return;
            }
            std::size_t kept = std::min(stored_move_count, record.moves_uci.size());
            connection.execute("DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
                               PostgresParams().add(record.id).add(std::int64_t(kept)));
            insert_moves(connection, record.id, record, kept);
            apply_rating_change(connection, record);
            // Sent with the change: other processes hear of it once it commits, never if not.
            notify_game_changed(connection, {record.id, record.version + 1});
        });
    } catch (...) {
        record.updated = std::move(previous_update);
        throw;
    }
    if (outcome == SaveOutcome::Saved)
        ++record.version;
    else
        record.updated = std::move(previous_update);
    return outcome;
}

std::optional<std::int64_t> PostgresGameRepository::version_of(std::int64_t id) {
    PostgresResult game = run("SELECT version FROM games WHERE id = $1", PostgresParams().add(id));
    if (game.rows() == 0) return std::nullopt;
    return game.int64(0, 0);
}

int PostgresGameRepository::transfer_games(const std::string& from_owner,
                                           const std::string& to_owner) {
    return int(run("UPDATE games SET owner = $1, version = version + 1 WHERE owner = $2",
                   PostgresParams().add(to_owner).add(from_owner))
                   .affected_rows());
}

bool PostgresGameRepository::remove(std::int64_t id) {
    bool removed = false;
    in_transaction([&](PostgresConnection& connection) {
        removed = connection.execute("DELETE FROM games WHERE id = $1", PostgresParams().add(id))
                      .affected_rows() > 0;
    });
    return removed;
}

std::vector<std::pair<std::int64_t, std::int64_t>> PostgresGameRepository::running_clocks() {
    PostgresResult games = run("SELECT id, flag_at_ms FROM games WHERE flag_at_ms IS NOT NULL");
    std::vector<std::pair<std::int64_t, std::int64_t>> clocks;
    for (int row = 0; row < games.rows(); ++row)
        clocks.emplace_back(games.int64(row, 0), games.int64(row, 1));
    return clocks;
}

void PostgresGameRepository::note_alive(std::int64_t now_ms) {
    run(note_alive_sql, PostgresParams().add(now_ms));
}

int PostgresGameRepository::credit_downtime(std::int64_t now_ms) {
    int moved = 0;
    in_transaction([&](PostgresConnection& connection) {
        // Locked to the end: of two servers starting at once, the second credits only the
        // time since the first noted itself alive.
        PostgresResult alive =
            connection.execute("SELECT value FROM server_state WHERE name = 'alive_ms' FOR UPDATE");
        if (alive.rows() > 0 && alive.int64(0, 0) < now_ms) {
            // SET reads the row as it was: both columns move by the same amount.
            // Each game moved is announced, as any change: other processes' streams of it
            // are told the new clocks.
            moved = int(connection
                            .execute(R"sql(
                WITH moved AS (UPDATE games SET
                    clock_turn_started_ms = clock_turn_started_ms
                        + ($1::bigint - GREATEST($2::bigint, clock_turn_started_ms)),
                    flag_at_ms = flag_at_ms
                        + ($1::bigint - GREATEST($2::bigint, clock_turn_started_ms)),
                    version = version + 1
                WHERE flag_at_ms IS NOT NULL AND clock_turn_started_ms < $1::bigint
                RETURNING id, version)
                SELECT pg_notify($3, id || ':' || version) FROM moved)sql",
                                     PostgresParams()
                                         .add(now_ms)
                                         .add(alive.int64(0, 0))
                                         .add(std::string(game_change_channel)))
                            .rows());
        }
        connection.execute(note_alive_sql, PostgresParams().add(now_ms));
    });
    return moved;
}

} // namespace evo::app
