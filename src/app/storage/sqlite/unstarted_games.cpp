#include "unstarted_games.h"

namespace evo::app {

int remove_unstarted_game(SqliteDatabase& db, const std::string& made_for,
                          std::optional<std::int64_t> game_id) {
    SqliteStatement remove(db, "DELETE FROM games WHERE made_for = ? AND move_count = 0 "
                               "AND (? IS NULL OR id = ?)");
    remove.bind(1, made_for).bind_optional(2, game_id).bind_optional(3, game_id);
    remove.run();
    return db.changes();
}

} // namespace evo::app
