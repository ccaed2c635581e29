// Between Boost.Beast's parsed message and the edge's plain HttpRequest, and the one way
// a whole request held in memory is parsed (the fuzz target's way in).
#pragma once

#include "message.h"
#include "server.h"

#include <boost/beast/http.hpp>

#include <string_view>
#include <variant>

namespace evo::app {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

// The request as the router sees it; `peer` is the connection's address, replaced by the
// last X-Forwarded-For hop when the server trusts its proxy.
HttpRequest to_http_request(BeastRequest&& message, const std::string& peer,
                            bool trust_forwarded_for);

// What makes a parsed request unanswerable (RFC 9112: more than one Host is a 400), or "".
std::string request_header_problem(const HttpRequest& request);

// The answer to a request that could not be read (too large, malformed).
HttpResponse read_error_response(const boost::beast::error_code& error);

// Parses one whole request from `bytes` under `limits`: the request, or the error answer
// the server would give (400, 413, 431).
std::variant<HttpRequest, HttpResponse> parse_request_bytes(std::string_view bytes,
                                                            const ServerLimits& limits);

} // namespace evo::app
