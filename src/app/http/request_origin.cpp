#include "request_origin.h"

namespace evo::app {

namespace {

std::string lower(std::string text) {
    for (char& c : text)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return text;
}

std::string trimmed(const std::string& text) {
    std::size_t begin = text.find_first_not_of(" \t");
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

// "Host:port" -> "host"; "[::1]:8080" -> "[::1]".
std::string host_name(const std::string& host) {
    if (!host.empty() && host.front() == '[') return host.substr(0, host.find(']') + 1);
    return host.substr(0, host.find(':'));
}

// The scheme the client used to reach us, as the Origin header it sends must name it.
std::string request_scheme(const HttpRequest& request, const std::string& host,
                           const OriginRules& rules) {
    if (rules.trust_forwarded_proto) {
        // The last hop: the one our own proxy added.
        std::string forwarded = request.header("x-forwarded-proto");
        std::string last = trimmed(forwarded.substr(forwarded.rfind(',') + 1));
        if (!last.empty()) return lower(last);
    }
    std::size_t scheme_end = rules.public_origin.find("://");
    if (scheme_end != std::string::npos && rules.public_origin.substr(scheme_end + 3) == host)
        return rules.public_origin.substr(0, scheme_end);
    return "http"; // the server itself speaks nothing else
}

} // namespace

std::optional<std::string> foreign_request_reason(const HttpRequest& request,
                                                  const OriginRules& rules) {
    std::string host = lower(request.header("host"));
    if (!host.empty()) {
        std::string name = host_name(host);
        bool allowed = name == "127.0.0.1" || name == "localhost" || name == "[::1]";
        for (const std::string& extra : rules.allowed_hosts)
            allowed = allowed || name == lower(extra);
        if (!allowed) return "requests must address this server by one of its configured names";
    }
    std::string origin = request.header("origin");
    if (!origin.empty() && lower(origin) != request_scheme(request, host, rules) + "://" + host)
        return "cross-origin requests are refused";
    return std::nullopt;
}

bool reached_over_tls(const HttpRequest& request, const OriginRules& rules) {
    return request_scheme(request, lower(request.header("host")), rules) == "https";
}

std::string origin_of_url(const std::string& url) {
    std::size_t scheme_end = url.find("://");
    if (scheme_end == std::string::npos) return "";
    return lower(url.substr(0, url.find('/', scheme_end + 3)));
}

} // namespace evo::app
