#include "samples.h"

#include "engine/nnue/features.h"
#include "protocol/datagen/data_file.h"

#include <cmath>

namespace evo::nnue {

Result<SampleSet> load_samples(const std::vector<std::string>& paths) {
    SampleSet set;
    for (const std::string& path : paths) {
        auto reader = datagen::DataReader::open(path);
        if (!reader) return make_error(reader.error());
        const datagen::Header& header = (*reader)->header();
        if (header.pawn_units == 0) return make_error(path + " gives a pawn of 0 units");
        if (set.family.empty()) set.family = header.family;
        if (header.family != set.family)
            return make_error(path + " trains family '" + header.family + "', not '" + set.family +
                              "' as the files before it");
        while (auto record = (*reader)->next()) {
            if (!*record) return make_error(path + ": " + record->error());
            auto pos = Position::from_fen((*reader)->variant(), (*record)->fen);
            if (!pos) return make_error(path + ": " + pos.error());
            Color us = pos->side_to_move();
            Sample sample;
            sample.side_to_move = active_features(*pos, us);
            sample.other_side = active_features(*pos, ~us);
            float white_cp = float((*record)->score) * 100.0f / float(header.pawn_units);
            sample.score_cp = us == White ? white_cp : -white_cp;
            float white_result = float(int((*record)->outcome)) / 2.0f;
            sample.result = us == White ? white_result : 1.0f - white_result;
            set.samples.push_back(std::move(sample));
        }
        set.file_ends.push_back(set.samples.size());
    }
    return set;
}

Split split_validation(const SampleSet& set, double fraction) {
    Split split;
    std::size_t begin = 0;
    for (std::size_t end : set.file_ends) {
        std::size_t held_out = std::size_t(double(end - begin) * fraction);
        for (std::size_t i = begin; i < end; ++i)
            (i < end - held_out ? split.training : split.validation).push_back(i);
        begin = end;
    }
    return split;
}

float target_of(const Sample& sample, float lambda, float scale_cp) {
    float expected = 1.0f / (1.0f + std::exp(-sample.score_cp / scale_cp));
    return lambda * expected + (1.0f - lambda) * sample.result;
}

} // namespace evo::nnue
