#include "embedded.h"

namespace evo::nnue {

const EmbeddedNet* find_embedded_net(std::span<const EmbeddedNet> nets, std::string_view family) {
    for (const EmbeddedNet& net : nets)
        if (net.family == family) return &net;
    return nullptr;
}

} // namespace evo::nnue
