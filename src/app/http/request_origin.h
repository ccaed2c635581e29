// Which requests may drive the API: those that address this server by a name it knows
// (against DNS rebinding) and, from a browser, come from this server's own origin, scheme
// included (a page on http://host must not drive https://host).
#pragma once

#include "message.h"

#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct OriginRules {
    // Host names (without port) requests may address, besides 127.0.0.1, localhost, [::1].
    std::vector<std::string> allowed_hosts;
    // The origin of --public-url ("https://chess.example.org"): requests whose Host is its
    // host came through it, so with its scheme. Others came straight, over plain HTTP.
    std::string public_origin;
    // Behind our own proxy (--trust-proxy): its X-Forwarded-Proto names the scheme.
    bool trust_forwarded_proto = false;
};

// Why the request is refused (403), or nothing. Host names compare case-insensitively.
std::optional<std::string> foreign_request_reason(const HttpRequest& request,
                                                  const OriginRules& rules);

// Whether the client reached us over TLS: through our proxy (--trust-proxy) saying
// X-Forwarded-Proto https, or by the host of an https --public-url.
bool reached_over_tls(const HttpRequest& request, const OriginRules& rules);

// "HTTPS://Chess.example.org:8443/path" -> "https://chess.example.org:8443".
std::string origin_of_url(const std::string& url);

} // namespace evo::app
