// The training data file of `evochess datagen` (docs/nnue.md): an 80-byte header naming the
// format version and the variant, then fixed-size 52-byte records, one quiet position each
// with its search score and its game's result. Little-endian, written byte by byte, so the
// file is the same on every machine.
#pragma once

#include "core/position.h"
#include "core/result.h"

#include <array>
#include <cstdint>
#include <string>

namespace evo::datagen {

constexpr std::uint16_t FormatVersion = 1;
constexpr std::size_t HeaderSize = 80;
constexpr std::size_t RecordSize = 52;
constexpr std::size_t MaxVariantName = 31;

struct Header {
    std::string variant;            // the variant the games were played in
    std::string family;             // the built-in variant whose net it trains (family_of)
    std::uint16_t pawn_units = 100; // the variant's pawn in evaluation units (score_unit.h)
    std::uint8_t evolution = 0;     // Evolution: 0 none, 1 accumulate, 2 expire
    std::uint8_t extra_state = 0;   // ExtraState: 0 none, 1 evolution counters, 2 promoteking
    std::uint8_t pawn_moves_per_right = 0; // N of RULES 2.2
    std::uint8_t captures_per_right = 0;   // K of RULES 2.2
    std::uint32_t nodes = 0;               // per search
    std::uint64_t seed = 0;
    bool operator==(const Header&) const = default;
};

// The result of the game a position comes from, from White's point of view.
enum class GameOutcome : std::uint8_t { BlackWins = 0, Draw = 1, WhiteWins = 2 };

struct TrainingPosition {
    Position position;
    int score = 0; // the search's score from White's view, in evaluation units
    GameOutcome outcome = GameOutcome::Draw;
    bool adjudicated = false;
};

using RecordBytes = std::array<std::uint8_t, RecordSize>;
using HeaderBytes = std::array<std::uint8_t, HeaderSize>;

// The built-in variant whose rules a variant's state follows (a variant from a file trains
// its parent's net): promoteking for the Promote King state, evochess for stored rights,
// echess for expiring rights, else chess.
std::string family_of(const Variant& variant);

// The header of a run over `variant`; an error for a name longer than MaxVariantName.
Result<Header> header_for(const Variant& variant, std::uint32_t nodes, std::uint64_t seed);
HeaderBytes encode_header(const Header& header);
Result<Header> decode_header(const std::uint8_t* bytes, std::size_t size);

// An error when the position does not fit a record (more than 32 units, a score beyond
// int16, a halfmove clock above 255): such positions are not written.
Result<RecordBytes> encode_record(const TrainingPosition& sample);

struct DecodedRecord {
    std::string fen; // with the seventh field of the variant
    int score = 0;   // White's view, evaluation units
    GameOutcome outcome = GameOutcome::Draw;
    bool adjudicated = false;
};
// The record as a FEN of `variant` (RULES 5.1) and its labels; an error for bytes no
// encoder writes (a bad piece code, too many units, a bad result).
Result<DecodedRecord> decode_record(const std::uint8_t* bytes, const Variant& variant);

// "1-0", "1/2-1/2" or "0-1".
std::string outcome_text(GameOutcome outcome);

} // namespace evo::datagen
