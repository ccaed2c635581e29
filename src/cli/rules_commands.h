// The referee subcommands: perft and moves.
#pragma once

#include <string>

namespace evo::cli {

struct PositionArgs {
    std::string variant = "chess";
    std::string fen; // empty: the variant's start
};

int run_perft(const PositionArgs& args, int depth, bool verify);
int run_moves(const PositionArgs& args);

} // namespace evo::cli
