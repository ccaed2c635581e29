#include "data_file.h"

#include "protocol/text_lines.h"

#include <filesystem>
#include <sstream>

namespace evo::datagen {

namespace {

std::string game_line(int game, std::size_t positions) {
    return "game " + std::to_string(game) + " positions " + std::to_string(positions);
}

// The positions of the games a state file lists, which must be games 0, 1, 2 ... in order.
Result<std::uint64_t> positions_listed(const std::vector<std::string>& lines,
                                       const std::string& state_path, int& games) {
    std::uint64_t total = 0;
    games = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::istringstream line(lines[i]);
        std::string game_word, positions_word;
        int game = -1;
        std::uint64_t positions = 0;
        if (!(line >> game_word >> game >> positions_word >> positions) || game_word != "game" ||
            positions_word != "positions" || game != games)
            return make_error(state_path + " line " + std::to_string(i + 1) + " is not 'game " +
                              std::to_string(games) + " positions N'");
        total += positions;
        ++games;
    }
    return total;
}

} // namespace

Result<std::shared_ptr<DataWriter>> DataWriter::open(const std::string& path, const Header& header,
                                                     const std::string& settings, bool resume) {
    auto writer = std::make_shared<DataWriter>();
    const std::string state_path = path + ".state";
    const HeaderBytes header_bytes = encode_header(header);
    std::error_code ec;
    std::vector<std::string> done_lines;
    if (resume && std::filesystem::exists(state_path, ec)) {
        auto state = read_state_lines(state_path, settings);
        if (!state) return make_error(state.error());
        auto listed = positions_listed(*state, state_path, writer->games_);
        if (!listed) return make_error(listed.error());
        writer->positions_ = *listed;
        done_lines.assign(state->begin() + 1, state->end());
        const std::uintmax_t expected = HeaderSize + *listed * RecordSize;
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (ec || size < expected)
            return make_error("cannot resume: " + path + " holds less than " + state_path +
                              " lists");
        HeaderBytes on_disk{};
        std::ifstream in(path, std::ios::binary);
        if (!in.read(reinterpret_cast<char*>(on_disk.data()), HeaderSize) ||
            on_disk != header_bytes)
            return make_error("cannot resume: " + path +
                              " has another header (variant, settings or evaluation)");
        in.close();
        // The positions of a game written after the last line of the state file go.
        std::filesystem::resize_file(path, expected, ec);
        if (ec) return make_error("cannot write " + path);
        writer->out_.open(path, std::ios::binary | std::ios::app);
    } else if (resume && std::filesystem::exists(path, ec)) {
        return make_error("cannot resume: " + path + " has no " + state_path);
    } else {
        writer->out_.open(path, std::ios::binary | std::ios::trunc);
        writer->out_.write(reinterpret_cast<const char*>(header_bytes.data()), HeaderSize);
    }
    if (!writer->out_) return make_error("cannot write " + path);
    writer->state_.open(state_path, std::ios::trunc);
    if (!writer->state_) return make_error("cannot write " + state_path);
    writer->state_ << settings << '\n';
    for (const std::string& line : done_lines) writer->state_ << line << '\n';
    writer->out_.flush();
    writer->state_.flush();
    if (!writer->out_ || !writer->state_) return make_error("cannot write " + path);
    return writer;
}

bool DataWriter::record(int game, const std::vector<TrainingPosition>& positions) {
    std::size_t written = 0;
    for (const TrainingPosition& p : positions) {
        auto bytes = encode_record(p);
        if (!bytes) continue; // does not fit a record (never seen in self-play)
        out_.write(reinterpret_cast<const char*>(bytes->data()), RecordSize);
        ++written;
    }
    out_.flush();
    state_ << game_line(game, written) << '\n';
    state_.flush();
    ++games_;
    positions_ += written;
    return bool(out_) && bool(state_);
}

Result<std::unique_ptr<DataReader>> DataReader::open(const std::string& path) {
    auto reader = std::make_unique<DataReader>();
    reader->in_.open(path, std::ios::binary);
    if (!reader->in_) return make_error("cannot read " + path);
    HeaderBytes bytes{};
    reader->in_.read(reinterpret_cast<char*>(bytes.data()), HeaderSize);
    auto header = decode_header(bytes.data(), std::size_t(reader->in_.gcount()));
    if (!header) return make_error(path + ": " + header.error());
    reader->header_ = *header;
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return make_error("cannot read " + path);
    if ((size - HeaderSize) % RecordSize != 0)
        return make_error(path + " ends inside a record (a run cut off: --resume trims it)");
    reader->records_ = (size - HeaderSize) / RecordSize;
    reader->variant_ = find_variant(header->variant);
    if (!reader->variant_)
        return make_error(path + " holds variant '" + header->variant +
                          "', which is not loaded (give its file with --variants)");
    return reader;
}

std::optional<Result<DecodedRecord>> DataReader::next() {
    RecordBytes bytes{};
    if (!in_.read(reinterpret_cast<char*>(bytes.data()), RecordSize)) return std::nullopt;
    return decode_record(bytes.data(), *variant_);
}

} // namespace evo::datagen
