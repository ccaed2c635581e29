#include "security_headers.h"

namespace evo::app {

const std::vector<std::pair<std::string, std::string>>& security_headers() {
    static const std::vector<std::pair<std::string, std::string>> headers = {
        {"Content-Security-Policy", content_security_policy},
        {"X-Frame-Options", "DENY"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        // Answers of the API hold seat and owner tokens: no cache may keep any of them.
        {"Cache-Control", "no-store"},
    };
    return headers;
}

std::string security_header_lines() {
    std::string lines;
    for (const auto& [name, value] : security_headers()) lines += name + ": " + value + "\r\n";
    return lines;
}

} // namespace evo::app
