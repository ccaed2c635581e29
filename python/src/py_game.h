// The object behind evochess.Game: the core's game and the PGN tags it was read with
// (written back by pgn()).
#pragma once

#include "core/game.h"
#include "core/pgn.h"

namespace evo::python {

struct PyGame {
    Game game;
    PgnTags tags;
};

} // namespace evo::python
