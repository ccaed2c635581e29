#include "address_key.h"

#include <arpa/inet.h>

#include <cstdio>

namespace evo::app {

std::string address_limit_key(const std::string& address) {
    // A zone ("fe80::1%eth0") names the link, not the host: the prefix is what counts.
    std::string text = address.substr(0, address.find('%'));
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    unsigned char bytes[16];
    if (inet_pton(AF_INET6, text.c_str(), bytes) != 1) return address;
    bool ipv4_mapped = true;
    for (int i = 0; i < 10; ++i) ipv4_mapped = ipv4_mapped && bytes[i] == 0;
    ipv4_mapped = ipv4_mapped && bytes[10] == 0xff && bytes[11] == 0xff;
    char key[48];
    if (ipv4_mapped) {
        std::snprintf(key, sizeof key, "%u.%u.%u.%u", bytes[12], bytes[13], bytes[14], bytes[15]);
        return key;
    }
    std::snprintf(key, sizeof key, "%x:%x:%x:%x::/64", (bytes[0] << 8) | bytes[1],
                  (bytes[2] << 8) | bytes[3], (bytes[4] << 8) | bytes[5],
                  (bytes[6] << 8) | bytes[7]);
    return key;
}

} // namespace evo::app
