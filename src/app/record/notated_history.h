// A game's played moves as the API shows them (UCI, SAN, the FEN after each), written once
// per move and kept with the cached game: a state needs no replay of the game.
#pragma once

#include "core/game.h"

#include <string>
#include <vector>

namespace evo::app {

struct NotatedMove {
    std::string uci;
    std::string san;
    std::string fen_after;
};

class NotatedHistory {
  public:
    explicit NotatedHistory(const Position& start) : replayed_(start) {}

    // Brings the notation up to `game` (same start): moves taken back are dropped, the
    // moves played since are written.
    const std::vector<NotatedMove>& follow(const Game& game);

  private:
    Game replayed_; // stands after the notated moves
    std::vector<NotatedMove> moves_;
};

} // namespace evo::app
