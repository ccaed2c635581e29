#include "set.h"

#include "app/record/core_games.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

namespace evo::app {

namespace fs = std::filesystem;
using nlohmann::json;

bool PuzzleSet::add(Puzzle puzzle) {
    std::string id = puzzle.id;
    auto [it, added] = by_id_.emplace(id, std::move(puzzle));
    if (!added) return false;
    auto& list = by_variant_[it->second.variant];
    list.push_back(&it->second);
    std::sort(list.begin(), list.end(),
              [](const Puzzle* a, const Puzzle* b) { return a->id < b->id; });
    return true;
}

const Puzzle* PuzzleSet::find(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &it->second;
}

const std::vector<const Puzzle*>& PuzzleSet::of_variant(const std::string& variant) const {
    static const std::vector<const Puzzle*> none;
    auto it = by_variant_.find(variant);
    return it == by_variant_.end() ? none : it->second;
}

namespace {

PuzzleLine refused(std::string why) {
    return {false, {}, std::move(why)};
}

bool is_string_list(const json& value) {
    return value.is_array() &&
           std::all_of(value.begin(), value.end(), [](const json& v) { return v.is_string(); });
}

} // namespace

PuzzleLine parse_puzzle_line(const std::string& line) {
    json object = json::parse(line, nullptr, false);
    if (object.is_discarded() || !object.is_object()) return refused("not a JSON object");
    for (const char* field : {"id", "variant", "fen"})
        if (!object.contains(field) || !object[field].is_string() ||
            object[field].get<std::string>().empty())
            return refused(std::string("\"") + field + "\" must be a non-empty string");
    if (!object.contains("moves") || !is_string_list(object["moves"]) ||
        object["moves"].size() < 2 || object["moves"].size() % 2 != 0)
        return refused("\"moves\" must be the setting move and the solution: an even number "
                       "of UCI strings, at least two");
    if (!object.contains("rating") || !object["rating"].is_number_integer())
        return refused("\"rating\" must be a whole number");
    if (object.contains("themes") && !is_string_list(object["themes"]))
        return refused("\"themes\" must be a list of names");
    Puzzle puzzle;
    puzzle.id = object["id"].get<std::string>();
    puzzle.variant = object["variant"].get<std::string>();
    puzzle.fen = object["fen"].get<std::string>();
    puzzle.moves = object["moves"].get<std::vector<std::string>>();
    puzzle.rating = object["rating"].get<int>();
    if (object.contains("themes")) puzzle.themes = object["themes"].get<std::vector<std::string>>();
    // The core says whether the variant exists, the FEN is good and each move is legal.
    auto replayed = replay_game(puzzle.variant, puzzle.fen, puzzle.moves);
    if (!replayed) return refused(replayed.error());
    return {true, std::move(puzzle), {}};
}

PuzzleSet load_puzzle_dir(const std::string& dir, std::ostream& log) {
    PuzzleSet set;
    std::error_code error;
    if (dir.empty() || !fs::is_directory(dir, error)) {
        log << "evochess serve: no puzzles (no directory '" << dir << "')\n";
        return set;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, error))
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::size_t refused_lines = 0;
    for (const fs::path& file : files) {
        std::ifstream in(file);
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            PuzzleLine parsed = parse_puzzle_line(line);
            std::string why = parsed.error;
            if (parsed.ok && !set.add(std::move(parsed.puzzle))) why = "a second puzzle of its id";
            if (!why.empty()) {
                ++refused_lines;
                log << "evochess serve: puzzles " << file.string() << ":" << number
                    << " refused: " << why << "\n";
            }
        }
    }
    log << "evochess serve: " << set.size() << " puzzles from '" << dir << "'";
    if (refused_lines) log << ", " << refused_lines << " lines refused";
    log << "\n";
    return set;
}

} // namespace evo::app
