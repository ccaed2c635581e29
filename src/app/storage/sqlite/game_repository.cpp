#include "game_repository.h"

#include "app/ratings/rated_games.h"
#include "app/storage/game_columns.h"
#include "app/storage/rating_changes_column.h"
#include "app/storage/seat_players_column.h"
#include "schema.h"

#include <algorithm>
#include <iterator>

namespace evo::app {

namespace {

constexpr const char* note_alive_sql =
    "INSERT INTO server_state (name, value) VALUES ('alive_ms', ?) "
    "ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value)";

std::string changeable_placeholders() {
    std::string marks;
    for (int i = 0; i < changeable_column_count; ++i) marks += i == 0 ? "?" : ", ?";
    return marks;
}

void bind_changeable_fields(SqliteStatement& statement, int first, const GameRecord& record) {
    auto [declared_result, declared_reason] = declared_result_text(record.declared_result);
    const std::optional<GameClock>& clock = record.clock;
    bool days = clock && clock->settings.days_per_move;
    std::optional<std::string> running = side_text(clock ? clock->running : std::nullopt);
    // A finished game's clock does not run, whatever the clock says: no flag to watch.
    std::optional<std::int64_t> flag_at;
    if (clock && !record.summary.result) flag_at = clock->flag_time();
    int i = first;
    statement.bind(i++, player_kind_name(record.players.white));
    statement.bind(i++, player_kind_name(record.players.black));
    statement.bind_optional(i++, record.engine.movetime_ms);
    statement.bind_optional(i++, record.engine.depth);
    statement.bind_optional(i++, declared_result);
    statement.bind_optional(i++, declared_reason);
    statement.bind_optional(i++, side_text(record.draw_offer));
    statement.bind(i++, record.summary.fen);
    statement.bind_optional(i++, record.summary.result);
    statement.bind_optional(i++, record.summary.reason);
    statement.bind(i++, std::int64_t(record.moves_uci.size()));
    statement.bind(i++, record.updated);
    statement.bind(i++, std::int64_t(record.online ? 1 : 0));
    statement.bind_optional(i++, token_text(record.seats.tokens[0]));
    statement.bind_optional(i++, token_text(record.seats.tokens[1]));
    statement.bind_optional(i++, token_text(record.seats.invite_code));
    statement.bind_optional(i++,
                            optional_int64(clock && !days, clock ? clock->settings.initial_ms : 0));
    statement.bind_optional(
        i++, optional_int64(clock && !days, clock ? clock->settings.increment_ms : 0));
    statement.bind_optional(i++, optional_int64(days, days ? *clock->settings.days_per_move : 0));
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? clock->remaining_ms[0] : 0));
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? clock->remaining_ms[1] : 0));
    statement.bind_optional(i++, running);
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? clock->turn_started_ms : 0));
    statement.bind_optional(i++, flag_at);
    statement.bind_optional(i++, side_text(record.takeback_offer));
    statement.bind_optional(i++, side_text(record.rematch_offer));
    statement.bind_optional(i++, record.rematch_id);
    statement.bind_optional(i++, record.engine.level);
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? clock->lag_quota_ms[0] : 0));
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? clock->lag_quota_ms[1] : 0));
    statement.bind_optional(i++, optional_int64(bool(clock), clock ? berserk_bits(*clock) : 0));
}

void insert_moves(SqliteDatabase& db, const GameRecord& record, std::size_t from_ply) {
    SqliteStatement insert(db, "INSERT INTO moves (game_id, ply, uci) VALUES (?, ?, ?)");
    for (std::size_t ply = from_ply; ply < record.moves_uci.size(); ++ply) {
        insert.bind(1, record.id).bind(2, std::int64_t(ply)).bind(3, record.moves_uci[ply]);
        insert.run();
    }
}

std::optional<StoredRating> stored_rating(SqliteDatabase& db, std::int64_t account_id,
                                          const std::string& variant) {
    SqliteStatement select(db, "SELECT rating, rd, volatility, games, wins, draws, losses, "
                               "last_played_ms FROM ratings WHERE account_id = ? AND variant = ?");
    select.bind(1, account_id).bind(2, variant);
    if (!select.step()) return std::nullopt;
    return StoredRating{variant,
                        select.column_double(0),
                        select.column_double(1),
                        select.column_double(2),
                        int(select.column_int(3)),
                        int(select.column_int(4)),
                        int(select.column_int(5)),
                        int(select.column_int(6)),
                        select.column_int(7)};
}

// Inside the transaction that stores the game's end: both ratings change, once per game (a
// game with history rows has been rated already). Sets the record's rating_changes.
void apply_rating_change(SqliteDatabase& db, GameRecord& record) {
    auto end = rated_game_end(record);
    if (!end) return;
    SqliteStatement rated(db, "SELECT 1 FROM rating_history WHERE game_id = ?");
    rated.bind(1, record.id);
    if (rated.step()) return;
    record.rating_changes.emplace();
    std::array<StoredRating, 2> before;
    for (std::size_t seat = 0; seat < 2; ++seat)
        before[seat] = rating_or_initial(stored_rating(db, end->account_ids[seat], end->variant),
                                         end->variant);
    auto after = ratings_after(before, end->white_score, record.changed_ms);
    for (Color side : {White, Black}) {
        std::size_t seat = side;
        SqliteStatement upsert(
            db, "INSERT INTO ratings (account_id, variant, rating, rd, volatility, games, wins, "
                "draws, losses, last_played_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (account_id, variant) DO UPDATE SET rating = excluded.rating, "
                "rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, "
                "wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, "
                "last_played_ms = excluded.last_played_ms");
        const StoredRating& r = after[seat];
        upsert.bind(1, end->account_ids[seat])
            .bind(2, end->variant)
            .bind_double(3, r.rating)
            .bind_double(4, r.rd)
            .bind_double(5, r.volatility)
            .bind(6, std::int64_t(r.games))
            .bind(7, std::int64_t(r.wins))
            .bind(8, std::int64_t(r.draws))
            .bind(9, std::int64_t(r.losses))
            .bind(10, r.last_played_ms);
        upsert.run();
        SqliteStatement history(
            db, "INSERT INTO rating_history (game_id, account_id, variant, colour, rating_before, "
                "rd_before, rating_after, rd_after, ended_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        history.bind(1, record.id)
            .bind(2, end->account_ids[seat])
            .bind(3, end->variant)
            .bind(4, *side_text(side))
            .bind_double(5, before[seat].rating)
            .bind_double(6, before[seat].rd)
            .bind_double(7, r.rating)
            .bind_double(8, r.rd)
            .bind(9, record.changed_ms);
        history.run();
        (*record.rating_changes)[seat] = {before[seat].rating, r.rating};
    }
}

std::optional<std::array<RatingChange, 2>> rating_changes_of(SqliteDatabase& db,
                                                             std::int64_t game_id) {
    SqliteStatement select(db, "SELECT colour, rating_before, rating_after FROM rating_history "
                               "WHERE game_id = ?");
    select.bind(1, game_id);
    std::array<RatingChange, 2> changes;
    int found = 0;
    while (select.step()) {
        std::size_t seat = select.column_text(0) == "w" ? 0 : 1;
        changes[seat] = {select.column_double(1), select.column_double(2)};
        ++found;
    }
    if (found != 2) return std::nullopt;
    return changes;
}

} // namespace

SqliteGameRepository::SqliteGameRepository(const std::string& database_path) : db_(database_path) {
    migrate_sqlite_schema(db_);
}

void SqliteGameRepository::insert(GameRecord& record) {
    auto lock = exclusive();
    record.created = record.updated = utc_timestamp_now();
    SqliteTransaction transaction(db_);
    record.version = 0;
    SqliteStatement statement(db_,
                              "INSERT INTO games (variant, start_fen, pgn_tags, created, owner, "
                              "rated, white_player, black_player, seat_players, " +
                                  changeable_columns() + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, " +
                                  changeable_placeholders() + ")");
    statement.bind(1, record.variant)
        .bind(2, record.start_fen)
        .bind(3, record.pgn_tags_json)
        .bind(4, record.created)
        .bind_optional(5, token_text(record.owner))
        .bind(6, std::int64_t(record.rated ? 1 : 0))
        .bind_optional(7, seat_player_key(record.seat_players, White))
        .bind_optional(8, seat_player_key(record.seat_players, Black))
        .bind_optional(9, seat_players_text(record.seat_players));
    bind_changeable_fields(statement, 10, record);
    statement.run();
    record.id = db_.last_insert_id();
    if (!record.made_for.empty()) {
        SqliteStatement made_for(db_, "UPDATE games SET made_for = ? WHERE id = ?");
        made_for.bind(1, record.made_for).bind(2, record.id);
        made_for.run();
    }
    insert_moves(db_, record, 0);
    transaction.commit();
}

std::optional<GameRecord> SqliteGameRepository::load(std::int64_t id) {
    auto lock = exclusive();
    SqliteStatement game(db_, R"sql(
        SELECT variant, start_fen, white, black, engine_movetime_ms, engine_depth,
               declared_result, declared_reason, draw_offer, pgn_tags,
               fen, result, reason, created, updated,
               version, online, white_token, black_token, invite_code,
               clock_initial_ms, clock_increment_ms, clock_days, clock_white_ms, clock_black_ms,
               clock_running, clock_turn_started_ms, takeback_offer, rematch_offer, rematch_id,
               engine_level, clock_white_lag_quota_ms, clock_black_lag_quota_ms, owner,
               rated, white_player, black_player, seat_players, made_for, clock_berserk
        FROM games WHERE id = ?)sql");
    game.bind(1, id);
    if (!game.step()) return std::nullopt;
    GameRecord record;
    record.id = id;
    record.variant = game.column_text(0);
    record.start_fen = game.column_text(1);
    record.players = {player_kind_or_human(game.column_text(2)),
                      player_kind_or_human(game.column_text(3))};
    record.engine = {game.column_optional_int(4), game.column_optional_int(5),
                     game.column_optional_int(30)};
    record.declared_result = declared_result_of_columns("SQLite", id, game.column_optional_text(6),
                                                        game.column_optional_text(7));
    record.draw_offer = side_of(game.column_optional_text(8));
    record.pgn_tags_json = game.column_text(9);
    record.summary = {game.column_text(10), game.column_optional_text(11),
                      game.column_optional_text(12)};
    record.created = game.column_text(13);
    record.updated = game.column_text(14);
    record.version = game.column_int(15);
    record.online = game.column_int(16) != 0;
    record.seats.tokens = {game.column_optional_text(17).value_or(""),
                           game.column_optional_text(18).value_or("")};
    record.seats.invite_code = game.column_optional_text(19).value_or("");
    if (auto white_ms = game.column_optional_int64(23)) {
        ClockSettings settings;
        settings.initial_ms = game.column_optional_int64(20).value_or(0);
        settings.increment_ms = game.column_optional_int64(21).value_or(0);
        if (auto days = game.column_optional_int(22)) settings.days_per_move = *days;
        GameClock clock = GameClock::start(settings);
        clock.remaining_ms = {*white_ms, game.column_optional_int64(24).value_or(0)};
        clock.running = side_of(game.column_optional_text(25));
        clock.turn_started_ms = game.column_optional_int64(26).value_or(0);
        // A game stored before the quota was kept starts with a full one.
        clock.lag_quota_ms = {game.column_optional_int64(31).value_or(lag_quota_start_ms),
                              game.column_optional_int64(32).value_or(lag_quota_start_ms)};
        read_berserk_bits(clock, game.column_optional_int64(39));
        record.clock = clock;
    }
    record.takeback_offer = side_of(game.column_optional_text(27));
    record.rematch_offer = side_of(game.column_optional_text(28));
    record.rematch_id = game.column_optional_int64(29);
    record.owner = game.column_optional_text(33).value_or("");
    record.rated = game.column_int(34) != 0;
    record.seat_players =
        seat_players_of(game.column_optional_text(35), game.column_optional_text(36),
                        game.column_optional_text(37));
    record.made_for = game.column_optional_text(38).value_or("");
    if (record.rated) record.rating_changes = rating_changes_of(db_, id);

    SqliteStatement moves(db_, "SELECT uci FROM moves WHERE game_id = ? ORDER BY ply");
    moves.bind(1, id);
    while (moves.step()) record.moves_uci.push_back(moves.column_text(0));
    return record;
}

std::vector<GameListing> SqliteGameRepository::list(int limit, int offset,
                                                    const GameListFilter& filter) {
    if (filter.owners && filter.owners->empty()) return {};
    std::string where = filter.online_only ? " WHERE online = 1" : " WHERE 1 = 1";
    if (filter.owners) {
        where += " AND owner IN (";
        for (std::size_t i = 0; i < filter.owners->size(); ++i) where += i == 0 ? "?" : ", ?";
        where += ")";
    }
    if (filter.variants && filter.variants->empty()) return {};
    std::vector<std::string> texts; // bound in this order after the owners
    // The seat player at `side`, and the opponent at the other side when one is asked.
    auto seat_clause = [&](Color side) {
        texts.push_back(*filter.seat_player);
        std::string clause = std::string("(") + (side == White ? "white" : "black") + "_player = ?";
        if (!filter.opponent) return clause + ")";
        texts.push_back(*filter.opponent);
        return clause + " AND " + (side == White ? "black" : "white") + "_player = ?)";
    };
    if (filter.seat_player && filter.seat_side) {
        where += " AND " + seat_clause(*filter.seat_side);
    } else if (filter.seat_player) {
        std::string as_white = seat_clause(White);
        where += " AND (" + as_white + " OR " + seat_clause(Black) + ")";
    }
    if (filter.finished)
        where += *filter.finished ? " AND result IS NOT NULL" : " AND result IS NULL";
    if (filter.rated) where += *filter.rated ? " AND rated = 1" : " AND rated = 0";
    if (filter.variants) {
        where += " AND variant IN (";
        for (std::size_t i = 0; i < filter.variants->size(); ++i) {
            where += i == 0 ? "?" : ", ?";
            texts.push_back((*filter.variants)[i]);
        }
        where += ")";
    }
    if (filter.created_from) {
        where += " AND created >= ?";
        texts.push_back(*filter.created_from);
    }
    if (filter.created_until) {
        where += " AND created <= ?";
        texts.push_back(*filter.created_until);
    }
    if (filter.made_for) {
        where += " AND made_for = ?";
        texts.push_back(*filter.made_for);
    }
    if (filter.below_id) where += " AND id < " + std::to_string(*filter.below_id);
    std::string order =
        filter.newest_made_first ? " ORDER BY id DESC" : " ORDER BY updated DESC, id DESC";
    auto lock = exclusive();
    SqliteStatement games(db_, R"sql(
        SELECT id, variant, white, black, fen, result, reason, move_count, created, updated,
               online, rated, white_player, black_player, seat_players,
               clock_initial_ms, clock_increment_ms, clock_days, clock_white_ms, clock_black_ms,
               clock_running, clock_turn_started_ms,
               (SELECT json_group_array(json_array(colour, rating_before, rating_after))
                FROM rating_history WHERE game_id = games.id)
        FROM games)sql" + where + order +
                                   " LIMIT ? OFFSET ?");
    int parameter = 1;
    if (filter.owners)
        for (const std::string& owner : *filter.owners) games.bind(parameter++, owner);
    for (const std::string& text : texts) games.bind(parameter++, text);
    games.bind(parameter, std::int64_t(limit)).bind(parameter + 1, std::int64_t(offset));
    std::vector<GameListing> listings;
    while (games.step()) {
        GameListing listing;
        listing.id = games.column_int(0);
        listing.variant = games.column_text(1);
        listing.players = {player_kind_or_human(games.column_text(2)),
                           player_kind_or_human(games.column_text(3))};
        listing.summary = {games.column_text(4), games.column_optional_text(5),
                           games.column_optional_text(6)};
        listing.move_count = int(games.column_int(7));
        listing.created = games.column_text(8);
        listing.updated = games.column_text(9);
        listing.online = games.column_int(10) != 0;
        listing.rated = games.column_int(11) != 0;
        listing.seat_players =
            seat_players_of(games.column_optional_text(12), games.column_optional_text(13),
                            games.column_optional_text(14));
        listing.clock =
            clock_of_columns(games.column_optional_int64(15), games.column_optional_int64(16),
                             games.column_optional_int(17), games.column_optional_int64(18),
                             games.column_optional_int64(19), games.column_optional_text(20),
                             games.column_optional_int64(21));
        if (listing.rated)
            listing.rating_changes = rating_changes_from_json(games.column_optional_text(22));
        listings.push_back(std::move(listing));
    }
    return listings;
}

std::unique_lock<std::mutex> SqliteGameRepository::exclusive() {
    std::unique_lock lock(mutex_);
    commit_batch();
    return lock;
}

void SqliteGameRepository::commit_batch() {
    if (!batch_) return;
    std::shared_ptr<Batch> batch = std::move(batch_);
    batch_.reset();
    try {
        db_.execute("COMMIT");
    } catch (...) {
        batch->failure = std::current_exception();
        try {
            db_.execute("ROLLBACK");
        } catch (const std::exception&) {
            // The connection rolls back on its own when it closes.
        }
    }
    batch->done = true;
    batch_done_.notify_all();
}

SaveOutcome SqliteGameRepository::save(GameRecord& record, std::size_t stored_move_count) {
    ++saves_waiting_;
    std::unique_lock lock(mutex_);
    --saves_waiting_;
    if (!batch_) {
        db_.execute("BEGIN IMMEDIATE");
        batch_ = std::make_shared<Batch>();
    }
    std::shared_ptr<Batch> batch = batch_;
    ++batch->saves;
    std::optional<SaveOutcome> outcome;
    std::exception_ptr failure;
    std::string updated = utc_timestamp_now();
    std::swap(updated, record.updated);
    // A savepoint: this save's statements undo alone, the batch's others stay.
    try {
        db_.execute("SAVEPOINT game_save");
        try {
            outcome = write_save(record, stored_move_count);
            db_.execute("RELEASE game_save");
        } catch (...) {
            failure = std::current_exception();
            db_.execute("ROLLBACK TO game_save");
            db_.execute("RELEASE game_save");
        }
    } catch (...) {
        if (!failure) failure = std::current_exception();
    }
    // The last save to arrive writes the batch; the others wait for its flush.
    if (saves_waiting_ == 0 || batch->saves >= max_saves_per_commit)
        commit_batch();
    else
        batch_done_.wait(lock, [&] { return batch->done; });
    if (!failure) failure = batch->failure;
    if (failure || outcome != SaveOutcome::Saved) std::swap(updated, record.updated);
    if (failure) std::rethrow_exception(failure);
    if (*outcome == SaveOutcome::Saved) ++record.version;
    return *outcome;
}

SaveOutcome SqliteGameRepository::write_save(GameRecord& record, std::size_t stored_move_count) {
    SqliteStatement update(db_, "UPDATE games SET (" + changeable_columns() + ") = (" +
                                    changeable_placeholders() +
                                    "), version = version + 1 WHERE id = ? AND version = ?");
    bind_changeable_fields(update, 1, record);
    update.bind(changeable_column_count + 1, record.id)
        .bind(changeable_column_count + 2, record.version);
    update.run();
    if (db_.changes() == 0) {
        SqliteStatement exists(db_, "SELECT 1 FROM games WHERE id = ?");
        exists.bind(1, record.id);
        return exists.step() ? SaveOutcome::VersionConflict : SaveOutcome::Gone;
    }

    std::size_t kept = std::min(stored_move_count, record.moves_uci.size());
    SqliteStatement drop_tail(db_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
    drop_tail.bind(1, record.id).bind(2, std::int64_t(kept));
    drop_tail.run();
    insert_moves(db_, record, kept);
    apply_rating_change(db_, record);
    return SaveOutcome::Saved;
}

std::optional<std::int64_t> SqliteGameRepository::version_of(std::int64_t id) {
    // Read inside an open batch rather than committing it: the caller holds this game's
    // lock (GameCache), so no save of this game is in the batch and the row read is the
    // committed one. Committing here made each move's stream update flush on its own.
    std::lock_guard lock(mutex_);
    SqliteStatement game(db_, "SELECT version FROM games WHERE id = ?");
    game.bind(1, id);
    if (!game.step()) return std::nullopt;
    return game.column_int(0);
}

std::vector<std::pair<std::int64_t, std::int64_t>> SqliteGameRepository::running_clocks() {
    auto lock = exclusive();
    SqliteStatement games(db_, "SELECT id, flag_at_ms FROM games WHERE flag_at_ms IS NOT NULL");
    std::vector<std::pair<std::int64_t, std::int64_t>> clocks;
    while (games.step()) clocks.emplace_back(games.column_int(0), games.column_int(1));
    return clocks;
}

void SqliteGameRepository::note_alive(std::int64_t now_ms) {
    auto lock = exclusive();
    SqliteStatement note(db_, note_alive_sql);
    note.bind(1, now_ms);
    note.run();
}

int SqliteGameRepository::credit_downtime(std::int64_t now_ms) {
    auto lock = exclusive();
    SqliteTransaction transaction(db_);
    std::optional<std::int64_t> last_alive;
    {
        SqliteStatement alive(db_, "SELECT value FROM server_state WHERE name = 'alive_ms'");
        if (alive.step()) last_alive = alive.column_int(0);
    }
    int moved = 0;
    if (last_alive && *last_alive < now_ms) {
        // SET reads the row as it was: both columns move by the same amount.
        SqliteStatement credit(db_, R"sql(
            UPDATE games SET
                clock_turn_started_ms = clock_turn_started_ms + (?1 - MAX(?2, clock_turn_started_ms)),
                flag_at_ms = flag_at_ms + (?1 - MAX(?2, clock_turn_started_ms)),
                version = version + 1
            WHERE flag_at_ms IS NOT NULL AND clock_turn_started_ms < ?1)sql");
        credit.bind(1, now_ms).bind(2, *last_alive);
        credit.run();
        moved = db_.changes();
    }
    SqliteStatement note(db_, note_alive_sql);
    note.bind(1, now_ms);
    note.run();
    transaction.commit();
    return moved;
}

int SqliteGameRepository::transfer_games(const std::string& from_owner,
                                         const std::string& to_owner) {
    auto lock = exclusive();
    SqliteStatement transfer(db_,
                             "UPDATE games SET owner = ?, version = version + 1 WHERE owner = ?");
    transfer.bind(1, to_owner).bind(2, from_owner);
    transfer.run();
    return db_.changes();
}

bool SqliteGameRepository::remove(std::int64_t id) {
    auto lock = exclusive();
    SqliteTransaction transaction(db_);
    SqliteStatement remove_game(db_, "DELETE FROM games WHERE id = ?");
    remove_game.bind(1, id);
    remove_game.run();
    bool removed = db_.changes() > 0;
    transaction.commit();
    return removed;
}

} // namespace evo::app
