#include "repository.h"

namespace evo::app {

std::string account_name_key(const std::string& name) {
    std::string key = name;
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return key;
}

} // namespace evo::app
