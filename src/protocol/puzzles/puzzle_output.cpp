#include "puzzle_output.h"

#include "protocol/text_lines.h"

#include <filesystem>

namespace evo::puzzles {

Result<std::shared_ptr<PuzzleOutput>> PuzzleOutput::open(const std::string& path,
                                                         const std::string& settings, bool resume) {
    auto output = std::make_shared<PuzzleOutput>();
    const std::string state_path = path + ".state";
    std::vector<std::string> kept;
    std::error_code ec;
    if (resume && std::filesystem::exists(state_path, ec)) {
        auto state = read_state_lines(state_path, settings);
        if (!state) return make_error(state.error());
        output->done_.insert(state->begin() + 1, state->end());
        if (std::filesystem::exists(path, ec)) {
            auto lines = read_lines(path);
            if (!lines) return make_error(lines.error());
            for (std::size_t i = 0; i < lines->size(); ++i) {
                auto puzzle = puzzle_from_json((*lines)[i]);
                if (!puzzle)
                    return make_error(path + " line " + std::to_string(i + 1) + ": " +
                                      puzzle.error());
                if (output->done_.count(
                        game_key(puzzle->variant, puzzle->origin.kind, puzzle->origin.game)))
                    kept.push_back((*lines)[i]);
            }
        }
    } else if (resume && std::filesystem::exists(path, ec)) {
        return make_error("cannot resume: " + path + " has no " + state_path);
    }

    output->out_.open(path, std::ios::trunc);
    if (!output->out_) return make_error("cannot write " + path);
    for (const std::string& line : kept) output->out_ << line << '\n';
    output->puzzles_ = int(kept.size());
    output->state_.open(state_path, std::ios::trunc);
    if (!output->state_) return make_error("cannot write " + state_path);
    output->state_ << settings << '\n';
    for (const std::string& key : output->done_) output->state_ << key << '\n';
    output->out_.flush();
    output->state_.flush();
    if (!output->out_ || !output->state_) return make_error("cannot write " + path);
    return output;
}

bool PuzzleOutput::record(const std::string& key, const std::vector<Puzzle>& puzzles) {
    for (const Puzzle& p : puzzles) out_ << to_json_line(p) << '\n';
    out_.flush();
    state_ << key << '\n';
    state_.flush();
    done_.insert(key);
    puzzles_ += int(puzzles.size());
    return bool(out_) && bool(state_);
}

} // namespace evo::puzzles
