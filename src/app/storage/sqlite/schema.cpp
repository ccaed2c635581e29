#include "schema.h"

#include "app/common/storage_error.h"

#include <iterator>
#include <set>
#include <string>

namespace evo::app {

namespace {

constexpr const char* baseline_tables_sql = R"sql(
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
CREATE TABLE IF NOT EXISTS server_state (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Columns the releases before schema versions added one by one; the baseline adds whichever
// a file lacks, so any of those releases' files becomes version 1.
constexpr std::pair<const char*, const char*> baseline_added_columns[] = {
    {"version", "INTEGER NOT NULL DEFAULT 0"},
    {"online", "INTEGER NOT NULL DEFAULT 0"},
    {"white_token", "TEXT"},
    {"black_token", "TEXT"},
    {"invite_code", "TEXT"},
    {"clock_initial_ms", "INTEGER"},
    {"clock_increment_ms", "INTEGER"},
    {"clock_days", "INTEGER"},
    {"clock_white_ms", "INTEGER"},
    {"clock_black_ms", "INTEGER"},
    {"clock_running", "TEXT"},
    {"clock_turn_started_ms", "INTEGER"},
    {"flag_at_ms", "INTEGER"},
    {"takeback_offer", "TEXT"},
    {"rematch_offer", "TEXT"},
    {"rematch_id", "INTEGER"},
    {"engine_level", "INTEGER"},
    {"clock_white_lag_quota_ms", "INTEGER"},
    {"clock_black_lag_quota_ms", "INTEGER"},
};

// Version 1: the schema of the last release before versions were kept, exactly.
void create_baseline(SqliteDatabase& db) {
    db.execute(baseline_tables_sql);
    std::set<std::string> present;
    {
        SqliteStatement columns(db, "PRAGMA table_info(games)");
        while (columns.step()) present.insert(columns.column_text(1));
    }
    for (const auto& [name, type] : baseline_added_columns)
        if (!present.count(name))
            db.execute("ALTER TABLE games ADD COLUMN " + std::string(name) + " " + type);
    db.execute("CREATE INDEX IF NOT EXISTS games_flag_at ON games(flag_at_ms) "
               "WHERE flag_at_ms IS NOT NULL");
}

// Version 2: the game list (newest change first) reads an index instead of sorting every game.
void index_listing_order(SqliteDatabase& db) {
    db.execute("CREATE INDEX IF NOT EXISTS games_listing ON games(updated DESC, id DESC)");
}

// Version 3: players' accounts, their sessions (by token digest) and ratings per variant.
void add_accounts(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL,
    name_key      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms    INTEGER NOT NULL
);
CREATE TABLE sessions (
    token_digest TEXT PRIMARY KEY,
    account_id   INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_ms   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_account ON sessions(account_id);
CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    variant    TEXT NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    PRIMARY KEY (account_id, variant)
) WITHOUT ROWID;
)sql");
}

// Version 4: who made each game (GameRecord::owner), and their list of games by an index.
void add_game_owners(SqliteDatabase& db) {
    db.execute("ALTER TABLE games ADD COLUMN owner TEXT");
    db.execute("CREATE INDEX games_owner ON games(owner, updated DESC, id DESC)");
}

// Version 5: the lobby's seeks (seek_repository.h).
void add_seeks(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE seeks (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    owner              TEXT NOT NULL,
    owner_name         TEXT NOT NULL,
    variant            TEXT NOT NULL,
    clock_initial_ms   INTEGER,
    clock_increment_ms INTEGER,
    clock_days         INTEGER,
    rated              INTEGER NOT NULL,
    colour             TEXT NOT NULL,
    created_ms         INTEGER NOT NULL,
    taken_by           TEXT,
    game_id            INTEGER,
    maker_token        TEXT
);
CREATE INDEX seeks_open ON seeks(owner) WHERE taken_by IS NULL;
)sql");
}

// Version 6: rated games and who sat at each seat (GameRecord::rated, seat_players), each
// rating's results and last game, and the rating history, one row per rated game and player
// (its primary key keeps a game from being rated twice).
void add_rated_games(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_player TEXT;
ALTER TABLE games ADD COLUMN black_player TEXT;
ALTER TABLE games ADD COLUMN seat_players TEXT;
CREATE INDEX games_white_player ON games(white_player, updated DESC) WHERE white_player IS NOT NULL;
CREATE INDEX games_black_player ON games(black_player, updated DESC) WHERE black_player IS NOT NULL;
ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN losses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN last_played_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX ratings_leaderboard ON ratings(variant, rating DESC);
CREATE TABLE rating_history (
    game_id       INTEGER NOT NULL,
    account_id    INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    variant       TEXT NOT NULL,
    colour        TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rd_before     REAL NOT NULL,
    rating_after  REAL NOT NULL,
    rd_after      REAL NOT NULL,
    ended_ms      INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_account ON rating_history(account_id, ended_ms);
)sql");
}

// Version 7 (6 is the ratings'): when each seek's maker was last seen in the lobby (a seek
// goes when its maker leaves, lobby.h), the acceptor's seat, told on their lobby streams, and
// the challenges (challenge_repository.h).
void add_lobby_presence_and_challenges(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE seeks ADD COLUMN maker_seen_ms INTEGER;
ALTER TABLE seeks ADD COLUMN taker_token TEXT;
UPDATE seeks SET maker_seen_ms = created_ms;
CREATE TABLE challenges (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    challenger         TEXT NOT NULL,
    challenger_name    TEXT NOT NULL,
    challenged         TEXT NOT NULL,
    challenged_name    TEXT NOT NULL,
    variant            TEXT NOT NULL,
    clock_initial_ms   INTEGER,
    clock_increment_ms INTEGER,
    clock_days         INTEGER,
    rated              INTEGER NOT NULL,
    colour             TEXT NOT NULL,
    created_ms         INTEGER NOT NULL,
    closed             TEXT,
    game_id            INTEGER,
    challenger_token   TEXT,
    challenged_token   TEXT
);
CREATE INDEX challenges_open_from ON challenges(challenger) WHERE closed IS NULL;
CREATE INDEX challenges_open_to ON challenges(challenged) WHERE closed IS NULL;
)sql");
}

// Version 8: the games' chat (chat_repository.h), kept with its game.
void add_game_chat(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE chat_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    room        TEXT NOT NULL,
    author_name TEXT NOT NULL,
    author_key  TEXT NOT NULL,
    text        TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);
CREATE INDEX chat_messages_room ON chat_messages(game_id, room, id);
CREATE INDEX chat_messages_author ON chat_messages(author_key, created_ms);
)sql");
}

// Version 9 (8 is the chat's): when a seek was taken or a challenge accepted (one taken whose game
// was never noted, its acceptor's process killed mid-pairing, is reopened: seek_service.h), and a
// seek's optional rating range.
void add_pairing_steps_and_rating_ranges(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE seeks ADD COLUMN taken_ms INTEGER;
ALTER TABLE seeks ADD COLUMN rating_min INTEGER;
ALTER TABLE seeks ADD COLUMN rating_max INTEGER;
ALTER TABLE challenges ADD COLUMN closed_ms INTEGER;
)sql");
}

// Version 10: each account's puzzle rating per variant (docs/puzzles.md), apart from its game
// ratings: games counts attempts, wins the solved ones, losses the failed ones.
void add_puzzle_ratings(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE puzzle_ratings (
    account_id     INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    variant        TEXT NOT NULL,
    rating         REAL NOT NULL,
    rd             REAL NOT NULL,
    volatility     REAL NOT NULL,
    games          INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    draws          INTEGER NOT NULL,
    losses         INTEGER NOT NULL,
    last_played_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, variant)
) WITHOUT ROWID;
)sql");
}

// Version 11: the auto-pairing entries (docs/api.md "Auto pairing"): the seeks of one entry
// share its group, the id of its first seek; taking one withdraws the others.
void add_auto_pairing(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE seeks ADD COLUMN auto_group INTEGER;
CREATE INDEX seeks_auto_group ON seeks(auto_group) WHERE auto_group IS NOT NULL;
)sql");
}

// Version 12: what a game was made for ("seek:ID", "challenge:ID"), so that reopening a
// pairing whose maker died removes the game it left unannounced (docs/api.md "Seeks").
void add_game_made_for(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE games ADD COLUMN made_for TEXT;
CREATE INDEX games_made_for ON games(made_for) WHERE made_for IS NOT NULL;
)sql");
}

// Version 13: bot accounts and personal API tokens (docs/bots.md), kept by their digest, and
// the reason a challenge was declined (lichess's keys).
void add_bots_and_api_tokens(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id   INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE,
    description  TEXT NOT NULL,
    scopes       TEXT NOT NULL,
    created_ms   INTEGER NOT NULL
);
CREATE INDEX api_tokens_account ON api_tokens(account_id);
ALTER TABLE challenges ADD COLUMN decline_reason TEXT;
)sql");
}

// Version 14: the position a challenge's game starts from (lichess's `fen`); none: the start.
void add_challenge_fen(SqliteDatabase& db) {
    db.execute("ALTER TABLE challenges ADD COLUMN fen TEXT");
}

// Version 15: the puzzles each account has attempted (issue 47, L4): only a first attempt
// moves its puzzle rating.
void add_puzzle_attempts(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE puzzle_attempts (
    account_id   INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    puzzle_id    TEXT NOT NULL,
    attempted_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, puzzle_id)
) WITHOUT ROWID;
)sql");
}

// Version 16: when an API token was last used (the tokens page shows it; issue 45).
void add_api_token_last_use(SqliteDatabase& db) {
    db.execute("ALTER TABLE api_tokens ADD COLUMN last_used_ms INTEGER");
}

// Version 17: where an account's logins came from (issue 47, M4): its known devices and last
// address are never held back by another's wrong passwords. Digests only, never an address.
void add_login_places(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE login_places (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('device', 'address')),
    digest     TEXT NOT NULL,
    seen_ms    INTEGER NOT NULL,
    PRIMARY KEY (account_id, kind, digest)
) WITHOUT ROWID;
)sql");
}

// Version 18: arenas (issue 50): the event, who joined it, how its games ended as the pairing
// process saw them, and the one pairing lease. The pairings are games (games.made_for).
void add_arenas(SqliteDatabase& db) {
    db.execute(R"sql(
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    variant         TEXT NOT NULL,
    clock_base_s    INTEGER NOT NULL,
    clock_increment_s INTEGER NOT NULL,
    minutes         INTEGER NOT NULL,
    rated           INTEGER NOT NULL,
    berserkable     INTEGER NOT NULL,
    streakable      INTEGER NOT NULL,
    allow_bots      INTEGER NOT NULL,
    created_by      TEXT NOT NULL,
    created_by_name TEXT NOT NULL,
    created_ms      INTEGER NOT NULL,
    starts_ms       INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('created', 'started', 'finished')),
    finished_ms     INTEGER
);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_ms);
CREATE TABLE tournament_players (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player        TEXT NOT NULL,
    name          TEXT NOT NULL,
    rating        INTEGER NOT NULL,
    provisional   INTEGER NOT NULL,
    bot           INTEGER NOT NULL,
    joined_ms     INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tournament_id, player)
);
CREATE TABLE tournament_results (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    game_id         INTEGER NOT NULL,
    white           TEXT NOT NULL,
    black           TEXT NOT NULL,
    winner          TEXT CHECK (winner IN ('white', 'black')),
    plies           INTEGER NOT NULL,
    white_berserked INTEGER NOT NULL,
    black_berserked INTEGER NOT NULL,
    ended_ms        INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, game_id)
) WITHOUT ROWID;
CREATE TABLE tournament_lease (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    holder   TEXT NOT NULL,
    until_ms INTEGER NOT NULL
);
)sql");
}

// Version 19: the site's scheduled events (issue 50), each stored once by its key, and who
// went berserk in a game and whether it may (game_columns.h).
void add_arena_schedule_and_berserk(SqliteDatabase& db) {
    db.execute(R"sql(
ALTER TABLE games ADD COLUMN clock_berserk INTEGER;
ALTER TABLE tournaments ADD COLUMN schedule_key TEXT;
CREATE UNIQUE INDEX tournaments_by_schedule_key ON tournaments(schedule_key)
    WHERE schedule_key IS NOT NULL;
)sql");
}

struct MigrationStep {
    int version; // the version the step reaches
    void (*apply)(SqliteDatabase&);
};

// In order; a step is never changed once released, a new one is added at the end.
constexpr MigrationStep migration_steps[] = {
    {1, create_baseline},
    {2, index_listing_order},
    {3, add_accounts},
    {4, add_game_owners},
    {5, add_seeks},
    {6, add_rated_games},
    {7, add_lobby_presence_and_challenges},
    {8, add_game_chat},
    {9, add_pairing_steps_and_rating_ranges},
    {10, add_puzzle_ratings},
    {11, add_auto_pairing},
    {12, add_game_made_for},
    {13, add_bots_and_api_tokens},
    {14, add_challenge_fen},
    {15, add_puzzle_attempts},
    {16, add_api_token_last_use},
    {17, add_login_places},
    {18, add_arenas},
    {19, add_arena_schedule_and_berserk},
};

} // namespace

int newest_sqlite_schema_version() {
    return std::end(migration_steps)[-1].version;
}

int sqlite_schema_version(SqliteDatabase& db) {
    SqliteStatement version(db, "PRAGMA user_version");
    version.step();
    return int(version.column_int(0));
}

int migrate_sqlite_schema(SqliteDatabase& db) {
    return migrate_sqlite_schema(db, newest_sqlite_schema_version());
}

int migrate_sqlite_schema(SqliteDatabase& db, int target) {
    int found = sqlite_schema_version(db);
    if (found > newest_sqlite_schema_version())
        throw NewerSchemaError(
            "the database has schema version " + std::to_string(found) +
            " but this evochess knows versions up to " +
            std::to_string(newest_sqlite_schema_version()) +
            ": a newer release wrote it. Run that release (or a newer one), or restore a "
            "backup made by this one; the database was not changed");
    for (const MigrationStep& step : migration_steps) {
        if (step.version > target) break;
        SqliteTransaction transaction(db);
        // Read again under the write lock: another server may have taken this step already.
        if (sqlite_schema_version(db) >= step.version) continue;
        step.apply(db);
        db.execute("PRAGMA user_version = " + std::to_string(step.version));
        transaction.commit();
    }
    return found;
}

} // namespace evo::app
