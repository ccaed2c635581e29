#include "repository.h"

namespace evo::app {

std::string account_name_key(const std::string& name) {
    std::string key = name;
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return key;
}

std::string joined_scopes(const std::vector<std::string>& scopes) {
    std::string text;
    for (const std::string& scope : scopes) {
        if (!text.empty()) text.push_back(' ');
        text.append(scope);
    }
    return text;
}

std::vector<std::string> split_scopes(const std::string& text) {
    std::vector<std::string> scopes;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        if (end > start) scopes.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return scopes;
}

} // namespace evo::app
