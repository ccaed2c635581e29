#include "static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace evo::app {

namespace fs = std::filesystem;

namespace {

// The UI is a few hundred kilobytes; this bounds what a stray directory could make us hold.
constexpr std::uintmax_t max_total_bytes = 64 << 20;

std::string content_type_of(const fs::path& file) {
    static const std::map<std::string, std::string> types = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".wasm", "application/wasm"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".json", "application/json"},
        {".woff2", "font/woff2"},
        {".wav", "audio/wav"},
        {".ogg", "audio/ogg"},
        {".mp3", "audio/mpeg"},
        {".txt", "text/plain; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
    };
    auto it = types.find(file.extension().string());
    return it == types.end() ? "application/octet-stream" : it->second;
}

} // namespace

StaticFiles::StaticFiles(const std::string& directory) {
    std::error_code error;
    if (directory.empty() || !fs::is_directory(directory, error)) return;
    std::uintmax_t total = 0;
    for (auto it = fs::recursive_directory_iterator(directory, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (!it->is_regular_file(error)) continue;
        total += it->file_size(error);
        if (total > max_total_bytes) break;
        std::ifstream in(it->path(), std::ios::binary);
        std::ostringstream content;
        content << in.rdbuf();
        HttpResponse response;
        response.content_type = content_type_of(it->path());
        response.body = content.str();
        std::string relative = fs::relative(it->path(), directory, error).generic_string();
        // Vite names its assets by content hash, so they can be cached for good.
        response.headers.emplace_back("Cache-Control", relative.rfind("assets/", 0) == 0
                                                           ? "public, max-age=31536000, immutable"
                                                           : "no-cache");
        files_.emplace("/" + relative, std::move(response));
    }
}

std::optional<HttpResponse> StaticFiles::find(const std::string& path) const {
    auto it = files_.find(path == "/" ? "/index.html" : path);
    if (it == files_.end()) return std::nullopt;
    return it->second;
}

} // namespace evo::app
