#include "tt.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <new>

namespace evo::engine {

// One cluster from the start, so that a table whose first resize failed still works.
TranspositionTable::TranspositionTable() : clusters_(zeroed_clusters(1)), cluster_count_(1) {
    if (!clusters_) throw std::bad_alloc();
}

namespace {
constexpr std::size_t HugePage = 2 * 1024 * 1024;
} // namespace

void TranspositionTable::Unmap::operator()(Cluster*) const {
    munmap(base, bytes);
}

std::unique_ptr<TranspositionTable::Cluster, TranspositionTable::Unmap>
TranspositionTable::zeroed_clusters(std::size_t count) {
    std::size_t bytes = count * sizeof(Cluster);
    // A table of a huge page or more starts on a huge-page boundary, so that all of it can
    // be backed by huge pages.
    std::size_t slack = bytes >= HugePage ? HugePage : 0;
    void* memory =
        mmap(nullptr, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return {nullptr, Unmap{}};
    auto address = reinterpret_cast<std::uintptr_t>(memory);
    std::uintptr_t aligned = slack ? (address + HugePage - 1) / HugePage * HugePage : address;
#ifdef MADV_HUGEPAGE
    if (slack) madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE); // a hint only
#endif
    return {reinterpret_cast<Cluster*>(aligned), Unmap{memory, bytes + slack}};
}

std::size_t TranspositionTable::usable_megabytes() {
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 1024; // unknown: a size every machine has
    return std::size_t(pages) * std::size_t(page_size) / (1024 * 1024) / 2;
}

bool TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes > usable_megabytes()) return false;
    std::size_t count = megabytes * 1024 * 1024 / sizeof(Cluster);
    if (count == 0) count = 1;
    if (count == cluster_count_) {
        clear();
        return true;
    }
    auto fresh = zeroed_clusters(count);
    if (!fresh) return false;
    clusters_ = std::move(fresh);
    cluster_count_ = count;
    generation_ = 0;
    return true;
}

void TranspositionTable::clear() {
    // A private anonymous mapping reads as zeros after MADV_DONTNEED.
    std::size_t bytes = cluster_count_ * sizeof(Cluster);
    if (madvise(clusters_.get(), bytes, MADV_DONTNEED) != 0)
        std::memset(static_cast<void*>(clusters_.get()), 0, bytes);
    generation_ = 0;
}

TTHit TranspositionTable::probe(Key key, int ply) const {
    const Cluster* cluster = cluster_of(key);
    std::uint32_t key32 = verification_bits(key);
    TTHit hit;
    for (const TTEntry& e : cluster->entries) {
        if (e.key32 != key32 || e.depth == 0) continue;
        hit.found = true;
        hit.move = e.best_move();
        hit.value = value_from_tt(e.value, ply);
        hit.static_eval = e.static_eval;
        hit.depth = e.search_depth();
        hit.bound = e.bound();
        hit.was_pv = e.was_pv;
        return hit;
    }
    return hit;
}

void TranspositionTable::store(Key key, int ply, Value value, Bound bound, int depth, Move move,
                               Value static_eval, bool was_pv) {
    Cluster* cluster = cluster_of(key);
    std::uint32_t key32 = verification_bits(key);
    // The same position, else the entry least worth keeping: shallow and old.
    TTEntry* replace = &cluster->entries[0];
    int worst = 1 << 30;
    for (TTEntry& e : cluster->entries) {
        if (e.key32 == key32 || e.depth == 0) {
            replace = &e;
            break;
        }
        int age = std::uint8_t(generation_ - (e.generation_bound & 0xFC)) / 4;
        int worth = int(e.depth) - 4 * age;
        if (worth < worst) {
            worst = worth;
            replace = &e;
        }
    }
    bool same = replace->key32 == key32 && replace->depth != 0;
    // Keep a deeper result for the same position unless the new one is exact.
    if (same && bound != Bound::Exact && depth + 3 < replace->search_depth()) return;
    if (move.is_none() && same) move = replace->best_move();
    replace->key32 = key32;
    replace->move = move.raw();
    replace->value = std::int16_t(value_to_tt(value, ply));
    replace->static_eval = std::int16_t(static_eval);
    replace->depth = std::uint8_t(depth + 1 < 1 ? 1 : depth + 1);
    replace->generation_bound = std::uint8_t(generation_ | std::uint8_t(bound));
    replace->was_pv = was_pv;
}

int TranspositionTable::hashfull() const {
    int used = 0;
    std::size_t sample = cluster_count_ < 1000 ? cluster_count_ : 1000;
    for (std::size_t i = 0; i < sample; ++i)
        for (const TTEntry& e : clusters_.get()[i].entries)
            used += e.depth != 0 && (e.generation_bound & 0xFC) == generation_;
    return sample ? int(used * 1000 / (sample * ClusterSize)) : 0;
}

} // namespace evo::engine
