// The PGN edge of the service: the tags an imported PGN keeps, and those a game's PGN is
// written with.
#pragma once

#include "core/pgn.h"
#include "game_record.h"

#include <map>
#include <string>

namespace evo::app {

// An imported PGN's tags, less those the PGN writer makes again from the game itself.
std::map<std::string, std::string> kept_pgn_tags(const PgnTags& tags);
// The kept tags as the games row stores them (GameRecord::pgn_tags_json, a JSON object).
std::string kept_pgn_tags_column(const PgnTags& tags);
// The PGN's Seven Tag Roster as this server knows it; an imported PGN's own tags win.
std::map<std::string, std::string> stored_tags(const GameRecord& record);
// An export's tags (GET /game/export/{id}, as lichess's): stored_tags with the seated
// players' names, ratings, rating changes and titles, and the UTC date and time it was made.
std::map<std::string, std::string> export_tags(const GameRecord& record);
// The game with the tags this server keeps.
std::string game_pgn(const Game& game, const std::map<std::string, std::string>& tags);

} // namespace evo::app
