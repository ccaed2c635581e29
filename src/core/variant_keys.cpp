#include "variant_keys.h"

#include "variant.h"

namespace evo {

namespace {
constexpr std::string_view chess = "chess";
}

std::string lichess_variant_key(std::string_view variant) {
    return variant == chess ? "standard" : std::string(variant);
}

std::optional<std::string> variant_of_lichess_key(std::string_view key) {
    if (key == "standard" || key == "fromPosition") return std::string(chess);
    if (key == chess || !find_variant(key)) return std::nullopt;
    return std::string(key);
}

} // namespace evo
