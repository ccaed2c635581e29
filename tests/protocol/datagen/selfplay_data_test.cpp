// The games of datagen: the same settings give the same positions whatever the threads, every
// position written round-trips through its record to an equal position, and the games are
// long enough that evolution counters and rights appear in them.
#include "protocol/datagen/selfplay_data.h"

#include "engine/engine_test_util.h"

#include <gtest/gtest.h>

namespace evo::datagen {
namespace {

DatagenSettings small_settings(std::string_view variant, int games) {
    DatagenSettings s;
    s.variant = find_variant(variant);
    s.games = games;
    s.seed = 7;
    s.nodes = 300;
    s.max_plies = 160;
    return s;
}

// The records of every game, in the order generate hands them over.
std::vector<RecordBytes> records_of(DatagenSettings s) {
    std::vector<RecordBytes> records;
    int expected_game = s.first_game;
    s.on_game = [&](int game, const std::vector<TrainingPosition>& positions) {
        EXPECT_EQ(game, expected_game++);
        for (const TrainingPosition& p : positions) records.push_back(*encode_record(p));
    };
    generate(s);
    return records;
}

TEST(SelfplayData, SameSeedSameRecordsOnOneOrTwoThreads) {
    DatagenSettings s = small_settings("evochess", 4);
    std::vector<RecordBytes> one = records_of(s);
    s.threads = 2;
    std::vector<RecordBytes> two = records_of(s);
    ASSERT_GT(one.size(), 20u);
    EXPECT_EQ(one, two);
    s.seed = 8;
    EXPECT_NE(records_of(s), one);
}

TEST(SelfplayData, EveryPositionRoundTripsWithItsCountersAndRights) {
    EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    for (std::string_view name : {"chess", "evochess", "echess", "promoteking"}) {
        SCOPED_TRACE(name);
        DatagenSettings s = small_settings(name, 2);
        int with_counters = 0, with_rights = 0, adjudicated = 0, total = 0;
        for (int game = 0; game < s.games; ++game)
            for (const TrainingPosition& p : play_game(game, s)) {
                ++total;
                const Position& pos = p.position;
                EXPECT_FALSE(pos.in_check()) << pos.fen();
                auto bytes = encode_record(p);
                ASSERT_TRUE(bytes.ok()) << bytes.error();
                auto decoded = decode_record(bytes->data(), pos.variant());
                ASSERT_TRUE(decoded.ok()) << decoded.error();
                EXPECT_EQ(decoded->score, p.score);
                EXPECT_EQ(decoded->outcome, p.outcome);
                auto parsed = Position::from_fen(pos.variant(), decoded->fen);
                ASSERT_TRUE(parsed.ok()) << decoded->fen << ": " << parsed.error();
                EXPECT_EQ(parsed->fen(), pos.fen());
                EXPECT_EQ(parsed->key(), pos.key()) << pos.fen();
                EXPECT_EQ(parsed->castling(), pos.castling()) << pos.fen();
                EXPECT_EQ(parsed->game_ply(), pos.game_ply()) << pos.fen();
                for (Color c : {White, Black}) {
                    EXPECT_EQ(parsed->counters(c), pos.counters(c)) << pos.fen();
                    const EvolutionCounters& e = pos.counters(c);
                    with_counters += e.pawn_moves || e.captures;
                    with_rights += e.minor_rights || e.rook_rights;
                }
                EXPECT_EQ(parsed->first_king_promoter(), pos.first_king_promoter());
                EXPECT_EQ(parsed->other_color_promotions(), pos.other_color_promotions());
                adjudicated += p.adjudicated;
            }
        EXPECT_GT(total, 20);
        if (name == "evochess") {
            EXPECT_GT(with_rights, 0);
        }
        if (name == "evochess" || name == "echess") {
            EXPECT_GT(with_counters, 0);
        }
    }
}

TEST(SelfplayData, StopsWhenInterruptedAndHandsOverNothingMore) {
    std::atomic<bool> stop{true};
    DatagenSettings s = small_settings("chess", 3);
    s.interrupted = &stop;
    int handed = 0;
    s.on_game = [&](int, const std::vector<TrainingPosition>&) { ++handed; };
    EXPECT_EQ(generate(s), 0);
    EXPECT_EQ(handed, 0);
}

} // namespace
} // namespace evo::datagen
