// Issue 17: which Host and Origin headers may drive the API. Host names compare without
// regard to case; an Origin must name the scheme the request came by, not only the host.
#include "app/http/request_origin.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

HttpRequest request_with(std::vector<std::pair<std::string, std::string>> headers) {
    HttpRequest request;
    request.method = "POST";
    request.target = request.path = "/api/games";
    request.headers = std::move(headers);
    return request;
}

OriginRules behind_https_proxy() {
    OriginRules rules;
    rules.allowed_hosts = {"chess.example.org"};
    rules.public_origin = origin_of_url("https://chess.example.org/");
    return rules;
}

TEST(RequestOrigin, HostNamesCompareWithoutCase) {
    OriginRules rules = behind_https_proxy();
    EXPECT_EQ(foreign_request_reason(request_with({{"host", "LOCALHOST:8080"}}), rules),
              std::nullopt);
    EXPECT_EQ(foreign_request_reason(request_with({{"host", "Chess.Example.ORG"}}), rules),
              std::nullopt);
    EXPECT_NE(foreign_request_reason(request_with({{"host", "evil.example"}}), rules),
              std::nullopt);
}

TEST(RequestOrigin, LoopbackPagesStillDriveTheApi) {
    OriginRules rules;
    rules.public_origin = origin_of_url("http://127.0.0.1:8080");
    for (std::string host : {"127.0.0.1:8080", "localhost:8080", "[::1]:8080"})
        EXPECT_EQ(foreign_request_reason(
                      request_with({{"host", host}, {"origin", "http://" + host}}), rules),
                  std::nullopt)
            << host;
    EXPECT_EQ(
        foreign_request_reason(
            request_with({{"host", "LocalHost:8080"}, {"origin", "http://localhost:8080"}}), rules),
        std::nullopt);
}

TEST(RequestOrigin, TheOriginsSchemeMustBeTheRequests) {
    OriginRules rules;
    // Straight to the server, which speaks plain HTTP only.
    EXPECT_NE(foreign_request_reason(
                  request_with({{"host", "127.0.0.1:8080"}, {"origin", "https://127.0.0.1:8080"}}),
                  rules),
              std::nullopt);
    EXPECT_NE(
        foreign_request_reason(
            request_with({{"host", "127.0.0.1:8080"}, {"origin", "ftp://127.0.0.1:8080"}}), rules),
        std::nullopt);
    // Through the public URL's https proxy: a page on plain http is another origin.
    rules = behind_https_proxy();
    auto via_proxy = [&](const std::string& origin) {
        return foreign_request_reason(
            request_with({{"host", "chess.example.org"}, {"origin", origin}}), rules);
    };
    EXPECT_EQ(via_proxy("https://chess.example.org"), std::nullopt);
    EXPECT_NE(via_proxy("http://chess.example.org"), std::nullopt);
    EXPECT_NE(via_proxy("https://evil.example"), std::nullopt);
}

TEST(RequestOrigin, ATrustedProxyNamesTheScheme) {
    OriginRules rules;
    rules.allowed_hosts = {"chess.example.org"};
    auto request = [](const std::string& proto, const std::string& origin) {
        return request_with(
            {{"host", "chess.example.org"}, {"x-forwarded-proto", proto}, {"origin", origin}});
    };
    // Untrusted, the header is the client's word and counts for nothing.
    EXPECT_NE(foreign_request_reason(request("https", "https://chess.example.org"), rules),
              std::nullopt);
    rules.trust_forwarded_proto = true;
    EXPECT_EQ(foreign_request_reason(request("https", "https://chess.example.org"), rules),
              std::nullopt);
    EXPECT_EQ(foreign_request_reason(request("http, HTTPS", "https://chess.example.org"), rules),
              std::nullopt);
    EXPECT_NE(foreign_request_reason(request("http", "https://chess.example.org"), rules),
              std::nullopt);
    EXPECT_NE(foreign_request_reason(request("https", "http://chess.example.org"), rules),
              std::nullopt);
}

TEST(RequestOrigin, OriginOfUrl) {
    EXPECT_EQ(origin_of_url("HTTPS://Chess.example.org:8443/path/"),
              "https://chess.example.org:8443");
    EXPECT_EQ(origin_of_url("http://[::1]:8080"), "http://[::1]:8080");
}

} // namespace
} // namespace evo::app
