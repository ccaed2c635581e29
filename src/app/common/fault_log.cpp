#include "fault_log.h"

#include <chrono>
#include <iostream>
#include <mutex>
#include <unordered_map>

namespace evo::app {

namespace {

struct KindRecord {
    std::chrono::steady_clock::time_point last_logged;
    long suppressed = 0;
};

constexpr auto quiet_period = std::chrono::minutes(1);

} // namespace

void log_fault(const std::string& kind, const std::string& detail) {
    static std::mutex mutex;
    static std::unordered_map<std::string, KindRecord> kinds;
    auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(mutex);
    auto [it, first] = kinds.try_emplace(kind);
    KindRecord& record = it->second;
    if (!first && now - record.last_logged < quiet_period) {
        ++record.suppressed;
        return;
    }
    std::cerr << "evochess serve: " << kind << ": " << detail;
    if (record.suppressed > 0)
        std::cerr << " (and " << record.suppressed << " more like it in the last minute)";
    std::cerr << std::endl;
    record.last_logged = now;
    record.suppressed = 0;
}

} // namespace evo::app
