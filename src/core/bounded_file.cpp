#include "bounded_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>
#include <vector>

namespace evo {

namespace {

std::string size_words(std::size_t bytes) {
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

Result<std::string> read_bounded_file(const std::string& path, std::size_t max_bytes) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    const std::string cannot = "cannot read " + path + ": ";
    if (error || !std::filesystem::exists(status)) return make_error(cannot + "no such file");
    if (std::filesystem::is_directory(status))
        return make_error(cannot + "a directory, not a file");
    if (!std::filesystem::is_regular_file(status))
        return make_error(cannot + "not a regular file (a device, pipe or socket)");
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(cannot + "it cannot be opened");
    // Read in parts until the end or one byte past the bound, whatever size the file claims
    // (it may grow while it is read).
    std::string bytes;
    std::vector<char> part(1 << 16);
    while (bytes.size() <= max_bytes &&
           in.read(part.data(), std::streamsize(part.size())).gcount() > 0)
        bytes.append(part.data(), std::size_t(in.gcount()));
    if (in.bad()) return make_error(cannot + "a read failed");
    if (bytes.size() > max_bytes)
        return make_error(cannot + "larger than " + size_words(max_bytes));
    return bytes;
}

} // namespace evo
