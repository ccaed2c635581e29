// scripted_beginner: the scripted beginner (beginner_policy.h) as a UCI engine, so that
// `evochess match` can pit the playing levels against it (bench/beginner.sh). Options:
// UCI_Variant (the registry's names) and Seed (the same seed, the same game).
#include "beginner_policy.h"

#include "core/game.h"
#include "core/notation.h"
#include "core/variant.h"

#include <charconv>
#include <cstdint>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

namespace {

using namespace evo;

// "position startpos|fen FEN [moves ...]"; none when the position or a move is bad.
std::unique_ptr<Game> read_position(const Variant& variant, std::istringstream& in) {
    std::string word;
    in >> word;
    std::unique_ptr<Game> game;
    if (word == "startpos") {
        game = std::make_unique<Game>(variant);
        in >> word;
    } else if (word == "fen") {
        std::string fen, part;
        while (in >> part && part != "moves") fen += (fen.empty() ? "" : " ") + part;
        word = part;
        auto pos = Position::from_fen(variant, fen);
        if (!pos) return nullptr;
        game = std::make_unique<Game>(*pos);
    } else {
        return nullptr;
    }
    if (word == "moves")
        while (in >> word) {
            auto move = parse_uci_move(game->position(), word);
            if (!move) return nullptr;
            game->play(*move);
        }
    return game;
}

} // namespace

int main() {
    const Variant* variant = &chess_variant();
    std::unique_ptr<Game> game = std::make_unique<Game>(*variant);
    std::mt19937_64 rng(1);
    for (std::string line; std::getline(std::cin, line);) {
        std::istringstream in(line);
        std::string command;
        in >> command;
        if (command == "uci") {
            std::cout << "id name Scripted beginner\nid author evochess\n"
                      << "option name UCI_Variant type combo default chess";
            for (const Variant* v : all_variants()) std::cout << " var " << v->name;
            std::cout << "\noption name Seed type spin default 1 min 0 max 2147483647\nuciok\n";
        } else if (command == "isready") {
            std::cout << "readyok\n";
        } else if (command == "setoption") {
            std::string word, name, value;
            in >> word >> name >> word >> value; // name NAME value VALUE
            if (name == "UCI_Variant") {
                if (const Variant* v = find_variant(value)) variant = v;
            } else if (name == "Seed") {
                std::uint64_t seed = 1;
                std::from_chars(value.data(), value.data() + value.size(), seed);
                rng.seed(seed);
            }
        } else if (command == "position") {
            game = read_position(*variant, in);
            if (!game) std::cout << "info string bad position: " << line << '\n';
        } else if (command == "go") {
            Move m = game ? beginner::beginner_move(game->position(), rng) : Move::none();
            std::cout << "bestmove " << (m.is_none() ? "0000" : to_uci(game->position(), m))
                      << '\n';
        } else if (command == "quit") {
            break;
        }
        std::cout.flush();
    }
}
