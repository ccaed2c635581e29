// Training samples read from `evochess datagen` files (docs/nnue.md): each position's active
// features from both perspectives and its labels from the side to move's view.
#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::nnue {

struct Sample {
    std::vector<std::uint16_t> side_to_move; // active features, side to move's perspective
    std::vector<std::uint16_t> other_side;   // the other side's perspective
    float score_cp = 0.0f; // the search's score, side to move's view, in centipawns
    float result = 0.5f;   // the game's result, side to move's view: 1, 0.5 or 0
};

struct SampleSet {
    std::string family;
    std::vector<Sample> samples;        // the files' records in order
    std::vector<std::size_t> file_ends; // where each file's samples end
};

struct Split {
    std::vector<std::size_t> training, validation; // indices into SampleSet::samples
};
// Holds out the last `fraction` of each file's positions: its last games (datagen writes games
// in order), so that few validation positions come from a game trained on.
Split split_validation(const SampleSet& set, double fraction);

// Every record of the files, which must all train the same family; an error naming the file
// for one that cannot be read or holds a record no writer writes.
Result<SampleSet> load_samples(const std::vector<std::string>& paths);

// lambda * sigmoid(score / scale) + (1 - lambda) * result.
float target_of(const Sample& sample, float lambda, float scale_cp);

} // namespace evo::nnue
