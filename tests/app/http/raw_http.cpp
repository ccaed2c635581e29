#include "raw_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace evo::app::testing {

RawConnection::RawConnection(int port) {
    socket_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(std::uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(socket_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(socket_);
        socket_ = -1;
    }
}

RawConnection::~RawConnection() {
    if (socket_ >= 0) ::close(socket_);
}

bool RawConnection::send(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        ssize_t n = ::send(socket_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += std::size_t(n);
    }
    return true;
}

std::string RawConnection::read_until(const std::string& marker, std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    char buffer[65536];
    while (marker.empty() || received_.find(marker) == std::string::npos) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) break;
        pollfd wait{socket_, POLLIN, 0};
        if (::poll(&wait, 1, int(left.count())) <= 0) break;
        ssize_t n = ::recv(socket_, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        received_.append(buffer, std::size_t(n));
    }
    return received_;
}

std::string RawConnection::read_until_closed(std::chrono::milliseconds limit) {
    return read_until("", limit);
}

int status_of(const std::string& answer) {
    if (answer.rfind("HTTP/1.", 0) != 0 || answer.size() < 12) return 0;
    return std::stoi(answer.substr(9, 3));
}

std::string body_of(const std::string& answer) {
    std::size_t blank = answer.find("\r\n\r\n");
    return blank == std::string::npos ? std::string() : answer.substr(blank + 4);
}

std::string get_request(const std::string& target, const std::string& extra_headers) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers +
           "Connection: close\r\n\r\n";
}

std::string round_trip(int port, const std::string& request) {
    RawConnection connection(port);
    if (!connection.connected()) return "";
    connection.send(request);
    return connection.read_until_closed();
}

} // namespace evo::app::testing
