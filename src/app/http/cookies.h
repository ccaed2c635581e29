// Cookies at the HTTP edge: reading one from the request's Cookie header and writing the
// Set-Cookie header of the server's own (always HttpOnly, SameSite=Lax, Path=/).
#pragma once

#include "message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

// The value of the named cookie, or none.
std::optional<std::string> cookie_value(const HttpRequest& request, std::string_view name);

// A Set-Cookie value that keeps `value` for `max_age_seconds` (0: removes the cookie now).
// `secure`: the request came over TLS, so the browser must send it back over TLS only.
std::string set_cookie(std::string_view name, std::string_view value, std::int64_t max_age_seconds,
                       bool secure);

} // namespace evo::app
