// FNV-1a, 64 bits: a hash that is the same on every build and machine, for what must not
// change between them (a net file's checksum, a net's fingerprint, a puzzle's id, the daily
// puzzle, the seeds drawn from a variant's name).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace evo {

struct Fnv1a {
    std::uint64_t value = 14695981039346656037ull;

    Fnv1a& add(const void* data, std::size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) value = (value ^ bytes[i]) * 1099511628211ull;
        return *this;
    }
    Fnv1a& add(std::string_view text) { return add(text.data(), text.size()); }
};

inline std::uint64_t fnv1a(std::string_view text) {
    return Fnv1a{}.add(text).value;
}

} // namespace evo
