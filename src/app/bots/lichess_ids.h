// How lichess's API names games and challenges here (docs/bots.md): a challenge is "c" and its
// number, and the game it made keeps that name (lichess's clients, lichess-bot first, follow a
// challenge to its game by the id); any other game is its number. Ids are JSON strings.
#pragma once

#include "app/lobby/challenge_repository.h"
#include "app/record/game_record.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

std::string challenge_text_id(std::int64_t challenge_id);
// The challenge a text id names; none if it names none.
std::optional<std::int64_t> challenge_of_text_id(std::string_view text);
// The game's id as the API writes it (its record says what it was made for).
std::string game_text_id(const GameRecord& game);
// The game a text id names (a number, or the challenge whose game it is); none: no such game.
std::optional<std::int64_t> game_of_text_id(std::string_view text, ChallengeRepository& challenges);

} // namespace evo::app
