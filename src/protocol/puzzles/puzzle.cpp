#include "puzzle.h"

#include "core/fnv1a.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>

namespace evo::puzzles {

using nlohmann::json;

std::string game_key(std::string_view variant, std::string_view kind, int game) {
    if (kind == "pgn") return "pgn/" + std::to_string(game);
    return std::string(variant) + "/" + std::string(kind) + "/" + std::to_string(game);
}

std::string puzzle_id(std::string_view variant, std::string_view fen,
                      const std::vector<std::string>& moves) {
    // FNV-1a over the fields, separated so that no two field lists hash the same text.
    Fnv1a hash;
    auto add = [&](std::string_view text) { hash.add(text).add("\x1f"); };
    add(variant);
    add(fen);
    for (const std::string& m : moves) add(m);
    char text[17];
    std::snprintf(text, sizeof text, "%012llx",
                  static_cast<unsigned long long>(hash.value & 0xffffffffffffull));
    return text;
}

std::string to_json_line(const Puzzle& p) {
    json j = {
        {"id", p.id},
        {"variant", p.variant},
        {"fen", p.fen},
        {"moves", p.moves},
        {"rating", p.rating},
        {"themes", p.themes},
        {"origin", {{"kind", p.origin.kind}, {"game", p.origin.game}, {"ply", p.origin.ply}}}};
    return j.dump();
}

Result<Puzzle> puzzle_from_json(std::string_view line) {
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return make_error("not a JSON object");
    try {
        Puzzle p;
        p.id = j.at("id").get<std::string>();
        p.variant = j.at("variant").get<std::string>();
        p.fen = j.at("fen").get<std::string>();
        p.moves = j.at("moves").get<std::vector<std::string>>();
        p.rating = j.at("rating").get<int>();
        p.themes = j.at("themes").get<std::vector<std::string>>();
        if (j.contains("origin")) {
            const json& o = j.at("origin");
            p.origin.kind = o.at("kind").get<std::string>();
            p.origin.game = o.at("game").get<int>();
            p.origin.ply = o.at("ply").get<int>();
        }
        return p;
    } catch (const json::exception& e) {
        return make_error(std::string("bad puzzle: ") + e.what());
    }
}

} // namespace evo::puzzles
