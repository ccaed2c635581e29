#include "game_store.h"

#include <algorithm>
#include <chrono>
#include <ctime>

namespace evo::app {

namespace {

constexpr const char* schema_sql = R"sql(
CREATE TABLE IF NOT EXISTS games (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    variant            TEXT NOT NULL,
    start_fen          TEXT NOT NULL,
    white              TEXT NOT NULL,
    black              TEXT NOT NULL,
    engine_movetime_ms INTEGER,
    engine_depth       INTEGER,
    declared_result    TEXT,
    declared_reason    TEXT,
    draw_offer         TEXT,
    pgn_tags           TEXT NOT NULL DEFAULT '{}',
    fen                TEXT NOT NULL,
    result             TEXT,
    reason             TEXT,
    move_count         INTEGER NOT NULL DEFAULT 0,
    created            TEXT NOT NULL,
    updated            TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL,
    uci     TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
)sql";

PlayerKind player_kind_or_human(const std::string& name) {
    return player_kind_from_name(name).value_or(PlayerKind::Human);
}

std::optional<std::string> draw_offer_text(const std::optional<char>& side) {
    if (!side) return std::nullopt;
    return std::string(1, *side);
}

// The columns a save rewrites, in the order bind_changeable_fields binds them.
constexpr std::string_view changeable_columns =
    "white, black, engine_movetime_ms, engine_depth, declared_result, declared_reason, draw_offer, "
    "fen, result, reason, move_count, updated";
constexpr int changeable_column_count = 12;
constexpr std::string_view changeable_placeholders = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?";

void bind_changeable_fields(SqliteStatement& statement, int first, const GameRecord& record) {
    std::optional<std::string> declared_result, declared_reason;
    if (record.declared_result) {
        declared_result = record.declared_result->result;
        declared_reason = record.declared_result->reason;
    }
    statement.bind(first, player_kind_name(record.players.white))
        .bind(first + 1, player_kind_name(record.players.black))
        .bind_optional(first + 2, record.engine.movetime_ms)
        .bind_optional(first + 3, record.engine.depth)
        .bind_optional(first + 4, declared_result)
        .bind_optional(first + 5, declared_reason)
        .bind_optional(first + 6, draw_offer_text(record.draw_offer))
        .bind(first + 7, record.summary.fen)
        .bind_optional(first + 8, record.summary.result)
        .bind_optional(first + 9, record.summary.reason)
        .bind(first + 10, std::int64_t(record.moves_uci.size()))
        .bind(first + 11, record.updated);
}

void insert_moves(SqliteDatabase& db, const GameRecord& record, std::size_t from_ply) {
    SqliteStatement insert(db, "INSERT INTO moves (game_id, ply, uci) VALUES (?, ?, ?)");
    for (std::size_t ply = from_ply; ply < record.moves_uci.size(); ++ply) {
        insert.bind(1, record.id).bind(2, std::int64_t(ply)).bind(3, record.moves_uci[ply]);
        insert.run();
    }
}

} // namespace

const char* player_kind_name(PlayerKind kind) {
    return kind == PlayerKind::Engine ? "engine" : "human";
}

std::optional<PlayerKind> player_kind_from_name(const std::string& name) {
    if (name == "human") return PlayerKind::Human;
    if (name == "engine") return PlayerKind::Engine;
    return std::nullopt;
}

std::string utc_timestamp_now() {
    std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

GameStore::GameStore(const std::string& database_path) : db_(database_path) {
    create_schema();
}

void GameStore::create_schema() {
    std::lock_guard lock(mutex_);
    db_.execute(schema_sql);
}

void GameStore::insert(GameRecord& record) {
    std::lock_guard lock(mutex_);
    record.created = record.updated = utc_timestamp_now();
    SqliteTransaction transaction(db_);
    SqliteStatement statement(db_, "INSERT INTO games (variant, start_fen, pgn_tags, created, " +
                                       std::string(changeable_columns) + ") VALUES (?, ?, ?, ?, " +
                                       std::string(changeable_placeholders) + ")");
    statement.bind(1, record.variant)
        .bind(2, record.start_fen)
        .bind(3, record.pgn_tags_json)
        .bind(4, record.created);
    bind_changeable_fields(statement, 5, record);
    statement.run();
    record.id = db_.last_insert_id();
    insert_moves(db_, record, 0);
    transaction.commit();
}

std::optional<GameRecord> GameStore::load(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteStatement game(db_, R"sql(
        SELECT variant, start_fen, white, black, engine_movetime_ms, engine_depth,
               declared_result, declared_reason, draw_offer, pgn_tags,
               fen, result, reason, created, updated
        FROM games WHERE id = ?)sql");
    game.bind(1, id);
    if (!game.step()) return std::nullopt;
    GameRecord record;
    record.id = id;
    record.variant = game.column_text(0);
    record.start_fen = game.column_text(1);
    record.players = {player_kind_or_human(game.column_text(2)),
                      player_kind_or_human(game.column_text(3))};
    record.engine = {game.column_optional_int(4), game.column_optional_int(5)};
    if (auto result = game.column_optional_text(6))
        record.declared_result = DeclaredResult{*result, game.column_text(7)};
    if (auto offer = game.column_optional_text(8); offer && offer->size() == 1)
        record.draw_offer = (*offer)[0];
    record.pgn_tags_json = game.column_text(9);
    record.summary = {game.column_text(10), game.column_optional_text(11),
                      game.column_optional_text(12)};
    record.created = game.column_text(13);
    record.updated = game.column_text(14);

    SqliteStatement moves(db_, "SELECT uci FROM moves WHERE game_id = ? ORDER BY ply");
    moves.bind(1, id);
    while (moves.step()) record.moves_uci.push_back(moves.column_text(0));
    return record;
}

std::vector<GameListing> GameStore::list() {
    std::lock_guard lock(mutex_);
    SqliteStatement games(db_, R"sql(
        SELECT id, variant, white, black, fen, result, reason, move_count, created, updated
        FROM games ORDER BY updated DESC, id DESC)sql");
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
        listings.push_back(std::move(listing));
    }
    return listings;
}

bool GameStore::save(GameRecord& record, std::size_t stored_move_count) {
    std::lock_guard lock(mutex_);
    record.updated = utc_timestamp_now();
    SqliteTransaction transaction(db_);
    SqliteStatement update(db_, "UPDATE games SET (" + std::string(changeable_columns) + ") = (" +
                                    std::string(changeable_placeholders) + ") WHERE id = ?");
    bind_changeable_fields(update, 1, record);
    update.bind(changeable_column_count + 1, record.id);
    update.run();
    if (db_.changes() == 0) return false;

    std::size_t kept = std::min(stored_move_count, record.moves_uci.size());
    SqliteStatement drop_tail(db_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
    drop_tail.bind(1, record.id).bind(2, std::int64_t(kept));
    drop_tail.run();
    insert_moves(db_, record, kept);
    transaction.commit();
    return true;
}

bool GameStore::remove(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    SqliteStatement remove_game(db_, "DELETE FROM games WHERE id = ?");
    remove_game.bind(1, id);
    remove_game.run();
    bool removed = db_.changes() > 0;
    transaction.commit();
    return removed;
}

} // namespace evo::app
