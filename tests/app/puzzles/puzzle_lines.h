// Puzzle files for the puzzle tests: lines of the fool's mate from the start, as
// puzzles/VARIANT.jsonl holds them (docs/puzzles.md).
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace evo::app::testing {

inline constexpr const char* start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A legal line (the fool's mate): setting move f2f3, the solver (Black) e7e5 and d8h4.
inline std::string line(const std::string& id, int rating, const std::vector<std::string>& themes,
                        const std::string& variant = "chess") {
    return nlohmann::json{{"id", id},         {"variant", variant},
                          {"fen", start_fen}, {"moves", {"f2f3", "e7e5", "g2g4", "d8h4"}},
                          {"rating", rating}, {"themes", themes}}
        .dump();
}

inline void write_file(const std::filesystem::path& path, const std::vector<std::string>& lines) {
    std::ofstream out(path);
    for (const auto& text : lines) out << text << "\n";
}

} // namespace evo::app::testing
