// The data file on disk: writing it game by game beside FILE.state, which holds the settings
// the positions depend on and how many positions each finished game wrote, so that --resume
// cuts off a game written only in part and goes on with the next (docs/nnue.md); and reading
// it back record by record.
#pragma once

#include "training_format.h"

#include "core/result.h"

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace evo::datagen {

class DataWriter {
  public:
    // Fresh: the file holds the header only and the state file the settings. Resuming: the
    // state file's settings and the file's header must be these; the file is cut to the
    // games the state file lists. An error for a file that cannot be read or written, or
    // one written with other settings.
    static Result<std::shared_ptr<DataWriter>> open(const std::string& path, const Header& header,
                                                    const std::string& settings, bool resume);

    int games_done() const { return games_; }
    std::uint64_t positions() const { return positions_; }

    // Appends a game's positions (those that fit a record), then its line in the state
    // file; false when a write failed.
    bool record(int game, const std::vector<TrainingPosition>& positions);

  private:
    std::ofstream out_, state_;
    int games_ = 0;
    std::uint64_t positions_ = 0;
};

class DataReader {
  public:
    // An error for a file that cannot be read, has no valid header, ends inside a record, or
    // names a variant not loaded (a variant from a file needs --variants).
    static Result<std::unique_ptr<DataReader>> open(const std::string& path);

    const Header& header() const { return header_; }
    const Variant& variant() const { return *variant_; }
    std::uint64_t records() const { return records_; }
    // The next record; none at the end (and an error for bytes no writer writes).
    std::optional<Result<DecodedRecord>> next();

  private:
    std::ifstream in_;
    Header header_;
    const Variant* variant_ = nullptr;
    std::uint64_t records_ = 0;
};

} // namespace evo::datagen
