// Move notation: UCI (RULES 5.2) and SAN (RULES 5.3). Parsing matches against the legal
// moves of the position, so a parsed move is always legal.
#pragma once

#include "position.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo {

std::string square_name(Square s);
// "e4" -> E4; NoSquare if malformed.
Square parse_square(std::string_view s);

std::string to_uci(const Position& pos, Move m);
Result<Move> parse_uci_move(const Position& pos, std::string_view text);
// A line of moves (a PV) as UCI texts, each read in the position the ones before it lead
// to; it ends before the first move that is not legal there, which is never played.
std::vector<std::string> to_uci_line(const Position& from, const std::vector<Move>& moves);

std::string to_san(const Position& pos, Move m);
// Tolerant reader: also `0-0`, a missing or extra `+`/`#`, `e8Q`, and unneeded
// disambiguation. An ambiguous or illegal SAN is an error.
Result<Move> parse_san_move(const Position& pos, std::string_view text);

// UCI first, then SAN: for user input where either may come.
Result<Move> parse_move(const Position& pos, std::string_view text);

} // namespace evo
