// Nets built into the binary (docs/nnue.md, "Inference"): CMake turns every nets/FAMILY.nnue
// of the source tree into a byte array (embed_nets.cmake), so shipping a net is adding a file.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace evo::nnue {

struct EmbeddedNet {
    std::string_view family; // the file's name without .nnue
    std::span<const std::uint8_t> bytes;
};

// The nets of nets/ at build time.
std::span<const EmbeddedNet> shipped_nets();

// The net of `family` among `nets`, or nullptr.
const EmbeddedNet* find_embedded_net(std::span<const EmbeddedNet> nets, std::string_view family);

} // namespace evo::nnue
