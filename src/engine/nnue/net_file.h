// The net file the trainer writes and the engine will load (docs/nnue.md, "The net file"):
// a 40-byte header, the weights as little-endian float32, then an FNV-1a checksum of
// everything before it, so a truncated or damaged file is refused, never half-loaded.
#pragma once

#include "net.h"

#include "core/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::nnue {

constexpr std::uint16_t NetFormatVersion = 1;
constexpr std::size_t NetHeaderSize = 40;
constexpr std::size_t MaxFamilyName = 15;
// No net of ours comes near it (the largest is 1 MB); a larger file is refused unread.
constexpr std::size_t MaxNetFileBytes = std::size_t(64) << 20;

std::vector<std::uint8_t> encode_net(const Net& net);
// An error naming what is wrong: another magic or version, a size that does not match the
// header's shape, a checksum that does not match, a weight that is not finite.
Result<Net> decode_net(const std::vector<std::uint8_t>& bytes);

// False when the file cannot be written.
bool write_net(const std::string& path, const Net& net);
// The net in the regular file at `path` (at most MaxNetFileBytes), else an error naming it.
Result<Net> load_net(const std::string& path);

} // namespace evo::nnue
