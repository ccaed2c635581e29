// `evochess pgn FILE`: reads every game of a PGN file (the variants' tags, RULES 5.4) through
// the rules core and prints one line per game: its variant, plies, result and final FEN. A game
// the core cannot read is one error line naming it, exit status 2.
#include "command.h"

#include "core/pgn.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace evo::cli {

namespace {

int run_pgn(const std::string& path) {
    std::stringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
    } else {
        std::ifstream file(path, std::ios::binary);
        if (!file) {
            std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
            return 2;
        }
        text << file.rdbuf();
    }
    std::vector<std::string> games = split_pgn_games(text.str());
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto parsed = parse_pgn(games[i]);
        if (!parsed) {
            std::fprintf(stderr, "error: game %zu: %s\n", i + 1, parsed.error().c_str());
            return 2;
        }
        const Game& game = parsed->game;
        out += "game " + std::to_string(i + 1) + ": " + std::string(game.variant().name) + " " +
               std::to_string(game.moves().size()) + " plies " + game.result().pgn_result() + " " +
               game.position().fen() + "\n";
    }
    std::fputs(out.c_str(), stdout);
    return 0;
}

const RegisterCommand pgn_command{
    "pgn", [](CLI::App& app) -> std::function<int()> {
        auto path = std::make_shared<std::string>();
        CLI::App* cmd = app.add_subcommand(
            "pgn", "read the games of a PGN file (\"-\": standard input) and print each one's "
                   "variant, plies, result and final FEN");
        cmd->add_option("file", *path, "the PGN file")->required();
        return [=] { return run_pgn(*path); };
    }};

} // namespace

} // namespace evo::cli
