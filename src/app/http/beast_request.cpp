#include "beast_request.h"

#include "json_answer.h"

#include <algorithm>

namespace evo::app {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

std::string lower(std::string_view text) {
    std::string result(text);
    for (char& c : result)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return result;
}

// The address X-Forwarded-For gives last: the one our own proxy added.
std::string forwarded_client(const std::string& header, const std::string& peer) {
    std::size_t comma = header.rfind(',');
    std::string last = comma == std::string::npos ? header : header.substr(comma + 1);
    std::size_t begin = last.find_first_not_of(' ');
    if (begin == std::string::npos) return peer;
    std::size_t end = last.find_last_not_of(' ');
    return last.substr(begin, end - begin + 1);
}

} // namespace

HttpRequest to_http_request(BeastRequest&& message, const std::string& peer,
                            bool trust_forwarded_for) {
    HttpRequest request;
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    parse_target(request);
    for (const auto& field : message)
        request.headers.emplace_back(lower(field.name_string()), std::string(field.value()));
    request.body = std::move(message.body());
    request.client = peer;
    request.version = int(message.version());
    if (trust_forwarded_for) {
        std::string forwarded = request.header("x-forwarded-for");
        if (!forwarded.empty()) request.client = forwarded_client(forwarded, peer);
    }
    return request;
}

std::string request_header_problem(const HttpRequest& request) {
    auto hosts = std::count_if(request.headers.begin(), request.headers.end(),
                               [](const auto& header) { return header.first == "host"; });
    if (hosts > 1) return "a request must have one Host header, not " + std::to_string(hosts);
    // RFC 9112 3.2: an HTTP/1.1 request without Host is answered 400 (HTTP/1.0 had none).
    if (hosts == 0 && request.version >= 11) return "an HTTP/1.1 request must have a Host header";
    return "";
}

HttpResponse read_error_response(const beast::error_code& error) {
    if (error == http::error::body_limit)
        return error_response(ErrorKind::TooLarge, "the request body is larger than the limit");
    if (error == http::error::header_limit)
        return error_response(ErrorKind::HeadersTooLarge,
                              "the request's headers are larger than the limit");
    if (error == http::error::bad_content_length)
        return error_response(ErrorKind::BadRequest,
                              "the Content-Length header is not a valid number");
    return error_response(ErrorKind::BadRequest, "malformed HTTP request: " + error.message());
}

std::variant<HttpRequest, HttpResponse> parse_request_bytes(std::string_view bytes,
                                                            const ServerLimits& limits) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(std::uint32_t(limits.max_header_bytes));
    parser.body_limit(limits.max_body_bytes);
    parser.eager(true);
    beast::error_code error;
    std::size_t used = parser.put(boost::asio::buffer(bytes.data(), bytes.size()), error);
    (void)used;
    if (!error && !parser.is_done()) parser.put_eof(error);
    if (error) return read_error_response(error);
    if (!parser.is_done())
        return error_response(ErrorKind::BadRequest, "malformed HTTP request: it is incomplete");
    HttpRequest request =
        to_http_request(parser.release(), "127.0.0.1", limits.trust_forwarded_for);
    if (std::string problem = request_header_problem(request); !problem.empty())
        return error_response(ErrorKind::BadRequest, problem);
    return request;
}

} // namespace evo::app
