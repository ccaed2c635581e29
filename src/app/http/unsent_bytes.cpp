#include "unsent_bytes.h"

namespace evo::app {

bool UnsentBytes::try_add(std::size_t bytes) {
    std::size_t total = total_.load();
    do {
        if (total + bytes > max_total_) return false;
    } while (!total_.compare_exchange_weak(total, total + bytes));
    return true;
}

} // namespace evo::app
