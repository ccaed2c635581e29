#include "cookies.h"

namespace evo::app {

namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

} // namespace

std::optional<std::string> cookie_value(const HttpRequest& request, std::string_view name) {
    for (const auto& [header, value] : request.headers) {
        if (header != "cookie") continue;
        std::string_view rest = value;
        while (!rest.empty()) {
            std::size_t end = rest.find(';');
            std::string_view pair = trimmed(rest.substr(0, end));
            rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
            std::size_t equals = pair.find('=');
            if (equals != std::string_view::npos && trimmed(pair.substr(0, equals)) == name)
                return std::string(trimmed(pair.substr(equals + 1)));
        }
    }
    return std::nullopt;
}

std::string set_cookie(std::string_view name, std::string_view value, std::int64_t max_age_seconds,
                       bool secure) {
    std::string header = std::string(name) + "=" + std::string(value) +
                         "; Path=/; Max-Age=" + std::to_string(max_age_seconds) +
                         "; HttpOnly; SameSite=Lax";
    if (secure) header += "; Secure";
    return header;
}

} // namespace evo::app
