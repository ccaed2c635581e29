#include "net_file.h"

#include "core/bounded_file.h"
#include "core/fnv1a.h"

#include <cmath>
#include <cstring>
#include <fstream>

namespace evo::nnue {
namespace {

constexpr char Magic[8] = {'E', 'V', 'O', 'N', 'N', 'U', 'E', '1'};
constexpr std::size_t ChecksumSize = 8;
constexpr int MaxDimension = 1 << 16;

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(value >> (8 * i)));
}
std::uint64_t get(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t(in[i]) << (8 * i);
    return value;
}
// std::bit_cast by hand: the WebAssembly package's libc++ (Emscripten 3.1) has none.
template <class To, class From> To bits_as(From value) {
    static_assert(sizeof(To) == sizeof(From));
    To to;
    std::memcpy(&to, &value, sizeof to);
    return to;
}
void put_float(std::vector<std::uint8_t>& out, float value) {
    put(out, bits_as<std::uint32_t>(value), 4);
}
float get_float(const std::uint8_t* in) {
    return bits_as<float>(std::uint32_t(get(in, 4)));
}

std::size_t weight_count(std::size_t features, std::size_t hidden) {
    return features * hidden + hidden + 2 * hidden + 1;
}

} // namespace

std::vector<std::uint8_t> encode_net(const Net& net) {
    std::vector<std::uint8_t> out(Magic, Magic + 8);
    put(out, NetFormatVersion, 2);
    put(out, 0, 2);
    put(out, std::uint32_t(net.feature_count), 4);
    put(out, std::uint32_t(net.hidden), 4);
    put_float(out, net.scale);
    std::string family = net.family.substr(0, MaxFamilyName);
    family.resize(16, '\0');
    out.insert(out.end(), family.begin(), family.end());
    for (float w : net.input_weights) put_float(out, w);
    for (float w : net.input_biases) put_float(out, w);
    for (float w : net.output_weights) put_float(out, w);
    put_float(out, net.output_bias);
    put(out, Fnv1a{}.add(out.data(), out.size()).value, 8);
    return out;
}

Result<Net> decode_net(const std::vector<std::uint8_t>& bytes) {
    if (bytes.size() < NetHeaderSize + ChecksumSize || std::memcmp(bytes.data(), Magic, 8) != 0)
        return make_error("not an evochess net file");
    const std::uint8_t* in = bytes.data();
    if (get(in + 8, 2) != NetFormatVersion)
        return make_error("net file format version " + std::to_string(get(in + 8, 2)) +
                          ", this program reads version " + std::to_string(NetFormatVersion));
    std::uint64_t features = get(in + 12, 4), hidden = get(in + 16, 4);
    if (features == 0 || hidden == 0 || features > MaxDimension || hidden > MaxDimension)
        return make_error("net file has a bad shape");
    std::size_t expected = NetHeaderSize + 4 * weight_count(features, hidden) + ChecksumSize;
    if (bytes.size() != expected)
        return make_error("net file is " + std::to_string(bytes.size()) +
                          " bytes, its header says " + std::to_string(expected) + " (truncated?)");
    if (get(in + expected - ChecksumSize, 8) != Fnv1a{}.add(in, expected - ChecksumSize).value)
        return make_error("net file checksum does not match (damaged)");
    Net net = Net::zeros(std::string(reinterpret_cast<const char*>(in + 24), 16).c_str(),
                         int(features), int(hidden), get_float(in + 20));
    const std::uint8_t* w = in + NetHeaderSize;
    auto read_into = [&w](std::vector<float>& values) {
        for (float& v : values) v = get_float(w), w += 4;
    };
    read_into(net.input_weights);
    read_into(net.input_biases);
    read_into(net.output_weights);
    net.output_bias = get_float(w);
    bool finite = std::isfinite(net.scale) && std::isfinite(net.output_bias);
    for (const auto* values : {&net.input_weights, &net.input_biases, &net.output_weights})
        for (float v : *values) finite = finite && std::isfinite(v);
    if (!finite) return make_error("net file holds a weight that is not a finite number");
    return net;
}

bool write_net(const std::string& path, const Net& net) {
    std::vector<std::uint8_t> bytes = encode_net(net);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(out.flush());
}

Result<Net> load_net(const std::string& path) {
    // Only a regular file, read up to the bound: a directory or /dev/zero is one clear error,
    // not an abort or gigabytes read (issue 47, M5).
    auto text = read_bounded_file(path, MaxNetFileBytes);
    if (!text) return text.failure();
    std::vector<std::uint8_t> bytes(text->begin(), text->end());
    auto net = decode_net(bytes);
    if (!net) return make_error(path + ": " + net.error());
    return net;
}

} // namespace evo::nnue
