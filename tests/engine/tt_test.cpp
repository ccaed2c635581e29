// The transposition table: stored results come back for the same key only, mate scores are
// kept relative to the node.
#include "engine/tt.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>

namespace evo::engine {
namespace {

constexpr Key SomeKey = 0x9E3779B97F4A7C15ull;

TEST(TranspositionTableTest, ASizeTheMachineCannotGiveKeepsTheTable) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(2));
    tt.store(SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13);
    // 2^40 MB: beyond any address space; the allocator is never asked.
    EXPECT_FALSE(tt.resize(std::size_t(1) << 40));
    EXPECT_FALSE(tt.resize(TranspositionTable::usable_megabytes() + 1));
    EXPECT_EQ(tt.megabytes(), 2u);
    EXPECT_TRUE(tt.probe(SomeKey, 0).found);
}

// This process's resident memory in MB (/proc/self/statm: size, then resident pages).
std::size_t resident_megabytes() {
    std::size_t size = 0, resident = 0;
    std::ifstream("/proc/self/statm") >> size >> resident;
    return resident * std::size_t(sysconf(_SC_PAGE_SIZE)) / (1024 * 1024);
}

// Issue 17: `setoption name Hash value 12000` held isready for 38 s while 12 GB were zeroed.
// Now the pages come zeroed from the system as they are first used, and clear() returns them.
TEST(TranspositionTableTest, ALargeTableTakesMemoryOnlyAsItIsUsed) {
    constexpr std::size_t Megabytes = 512;
    ASSERT_LE(Megabytes, TranspositionTable::usable_megabytes());
    TranspositionTable tt;
    std::size_t before = resident_megabytes();
    ASSERT_TRUE(tt.resize(Megabytes));
    EXPECT_LT(resident_megabytes(), before + 32) << "the table was written when made";
    for (Key key = 1; key < 1000; ++key)
        tt.store(key * SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13);
    EXPECT_TRUE(tt.probe(5 * SomeKey, 0).found);
    tt.clear();
    EXPECT_LT(resident_megabytes(), before + 32) << "the table was written when cleared";
    for (Key key = 1; key < 1000; ++key) EXPECT_FALSE(tt.probe(key * SomeKey, 0).found);
    EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TranspositionTableTest, ANewTableWorksBeforeAnyResize) {
    TranspositionTable tt;
    tt.store(SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13);
    EXPECT_TRUE(tt.probe(SomeKey, 0).found);
}

TEST(TranspositionTableTest, StoredEntryComesBack) {
    TranspositionTable tt;
    tt.resize(1);
    tt.store(SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13);
    TTHit hit = tt.probe(SomeKey, 0);
    ASSERT_TRUE(hit.found);
    EXPECT_EQ(hit.value, 42);
    EXPECT_EQ(hit.static_eval, 13);
    EXPECT_EQ(hit.depth, 7);
    EXPECT_EQ(hit.bound, Bound::Exact);
    EXPECT_FALSE(hit.was_pv);
    tt.store(SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13, true);
    EXPECT_TRUE(tt.probe(SomeKey, 0).was_pv);
}

TEST(TranspositionTableTest, KeysSharingTheIndexBitsDoNotMatch) {
    // Same high half (so the same cluster), different low half: another position.
    TranspositionTable tt;
    tt.resize(1);
    tt.store(SomeKey, 0, 42, Bound::Exact, 7, Move::none(), 13);
    for (Key low = 1; low < 200; ++low) {
        Key other = (SomeKey & 0xFFFFFFFF00000000ull) | ((SomeKey + low) & 0xFFFFFFFFull);
        EXPECT_FALSE(tt.probe(other, 0).found) << std::hex << other;
    }
}

TEST(TranspositionTableTest, MateScoresAreRelativeToTheNode) {
    TranspositionTable tt;
    tt.resize(1);
    // Mate in 3 plies from a node at ply 5 is mate in 3 from that node at ply 9 too.
    tt.store(SomeKey, 5, mate_in(8), Bound::Exact, 4, Move::none(), 0);
    EXPECT_EQ(tt.probe(SomeKey, 9).value, mate_in(12));
}

} // namespace
} // namespace evo::engine
