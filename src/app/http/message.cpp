#include "message.h"

namespace evo::app {

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Percent-decoding of a query component; '+' is a space. A broken escape stays as it is.
std::string decode_component(std::string_view text) {
    std::string decoded;
    decoded.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '+') {
            decoded += ' ';
        } else if (c == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
                   hex_value(text[i + 2]) >= 0) {
            decoded += char(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            decoded += c;
        }
    }
    return decoded;
}

} // namespace

std::string percent_decoded(std::string_view text) {
    return decode_component(text);
}

std::string HttpRequest::header(std::string_view name) const {
    for (const auto& [key, value] : headers)
        if (key == name) return value;
    return {};
}

std::string HttpRequest::query_value(const std::string& name) const {
    auto it = query.find(name);
    return it == query.end() ? std::string() : it->second;
}

void parse_target(HttpRequest& request) {
    std::string_view target = request.target;
    std::size_t question = target.find('?');
    request.path = std::string(target.substr(0, question));
    request.query.clear();
    if (question == std::string_view::npos) return;
    request.query = parse_form(target.substr(question + 1));
}

std::map<std::string, std::string> parse_form(std::string_view text) {
    std::map<std::string, std::string> fields;
    while (!text.empty()) {
        std::size_t amp = text.find('&');
        std::string_view pair = text.substr(0, amp);
        std::size_t equals = pair.find('=');
        std::string name = decode_component(pair.substr(0, equals));
        std::string value =
            equals == std::string_view::npos ? "" : decode_component(pair.substr(equals + 1));
        if (!name.empty()) fields.emplace(std::move(name), std::move(value));
        if (amp == std::string_view::npos) break;
        text = text.substr(amp + 1);
    }
    return fields;
}

} // namespace evo::app
