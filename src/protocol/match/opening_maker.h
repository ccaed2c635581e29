// Makes opening sets: short random legal lines from a variant's start, kept when material
// is level and, if an engine is given, when its quick search finds the position balanced.
#pragma once

#include "engine_spec.h"
#include "time_control.h"

#include "core/game.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::match {

struct OpeningMakerSettings {
    const Variant* variant = nullptr;
    int count = 100;
    int plies = 4;
    std::uint64_t seed = 1;
    std::optional<EngineSpec> engine; // the balance check; without it, material only
    int depth = 8;                    // of the engine's check
    int max_score = 60;               // centipawns, either side
};

// One line per opening, "1. e4 e5 2. Nf3 Nc6", in the order found. Fewer than `count`
// if the tries run out; an error if the engine cannot be used.
Result<std::vector<std::string>> make_openings(const OpeningMakerSettings& settings);

// Standard piece values (pawn 1, minor 3, rook 5, queen 9, Cthulhu 12): White minus Black.
int material_balance(const Position& position);

// "1. e4 e5 2. Nf3" for a game's moves from its start.
std::string san_line(const Game& game);

} // namespace evo::match
