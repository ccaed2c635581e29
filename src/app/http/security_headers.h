// The headers every answer of the server carries, whatever made it (a handler, a refusal
// before any handler, an event stream): the app is meant for the public internet, where any
// site could frame the game page and steer a player's clicks, and where a shared cache or a
// proxy's log must not keep a seat's secret.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace evo::app {

// The page may load only its own scripts, styles, connections and images (images also as
// data: URIs, which the board's stylesheet uses); no site may frame it. 'wasm-unsafe-eval'
// lets it compile its own WebAssembly (the engine in the browser, docs/javascript.md).
inline constexpr const char* content_security_policy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' "
    "data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'";

// Content-Security-Policy, X-Frame-Options (for browsers older than frame-ancestors),
// X-Content-Type-Options and Referrer-Policy, then Cache-Control: no-store. An answer that
// may be kept (the UI's files) sets its own Cache-Control after these, which replaces it.
const std::vector<std::pair<std::string, std::string>>& security_headers();

// The same as "Name: value\r\n" lines, for answers written as raw bytes.
std::string security_header_lines();

} // namespace evo::app
