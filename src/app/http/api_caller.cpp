#include "api_caller.h"

#include "app/common/api_error.h"

namespace evo::app {

std::optional<std::string> bearer(const HttpRequest& request) {
    std::string header = request.header("authorization");
    constexpr std::string_view scheme = "Bearer ";
    if (!header.starts_with(scheme)) return std::nullopt;
    std::size_t begin = header.find_first_not_of(' ', scheme.size());
    if (begin == std::string::npos) return std::nullopt;
    std::size_t end = header.find_last_not_of(' ');
    return header.substr(begin, end - begin + 1);
}

TokenCaller token_caller(const HttpRequest& request, ApiTokens& tokens) {
    auto secret = bearer(request);
    if (!secret) throw ApiError(ErrorKind::Unauthorized, "No such token");
    auto owner = tokens.owner_of(*secret);
    if (!owner) throw ApiError(ErrorKind::Unauthorized, "No such token");
    return {std::move(owner->account), std::move(owner->token)};
}

void require_scope(const TokenCaller& caller, std::initializer_list<std::string_view> any_of) {
    for (std::string_view scope : any_of)
        if (has_scope(caller.token, scope)) return;
    throw forbidden("Missing scope");
}

} // namespace evo::app
