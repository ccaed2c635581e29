// The record format on hand-made positions that hold every part of the state a record
// keeps: the decoded FEN parses back to an equal position.
#include "protocol/datagen/training_format.h"

#include "engine/score_unit.h"

#include <gtest/gtest.h>

namespace evo::datagen {
namespace {

Position load(std::string_view variant, std::string_view fen) {
    const Variant* v = find_variant(variant);
    EXPECT_NE(v, nullptr) << variant;
    auto pos = Position::from_fen(*v, fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return *pos;
}

// Everything the core's Position holds between moves, compared field by field.
void expect_same_position(const Position& a, const Position& b) {
    EXPECT_EQ(a.fen(), b.fen());
    EXPECT_EQ(a.key(), b.key());
    EXPECT_EQ(a.side_to_move(), b.side_to_move());
    EXPECT_EQ(a.castling(), b.castling());
    EXPECT_EQ(a.en_passant(), b.en_passant());
    EXPECT_EQ(a.rule50(), b.rule50());
    EXPECT_EQ(a.game_ply(), b.game_ply());
    for (Color c : {White, Black}) EXPECT_EQ(a.counters(c), b.counters(c));
    EXPECT_EQ(a.first_king_promoter(), b.first_king_promoter());
    EXPECT_EQ(a.other_color_promotions(), b.other_color_promotions());
    for (Square s = A1; s <= H8; ++s) EXPECT_EQ(a.piece_on(s), b.piece_on(s));
}

void expect_round_trip(std::string_view variant, std::string_view fen, int score,
                       GameOutcome outcome) {
    SCOPED_TRACE(fen);
    Position original = load(variant, fen);
    auto bytes = encode_record({original, score, outcome, true});
    ASSERT_TRUE(bytes.ok()) << bytes.error();
    auto decoded = decode_record(bytes->data(), original.variant());
    ASSERT_TRUE(decoded.ok()) << decoded.error();
    EXPECT_EQ(decoded->score, score);
    EXPECT_EQ(decoded->outcome, outcome);
    EXPECT_TRUE(decoded->adjudicated);
    auto parsed = Position::from_fen(original.variant(), decoded->fen);
    ASSERT_TRUE(parsed.ok()) << decoded->fen << ": " << parsed.error();
    expect_same_position(original, *parsed);
}

TEST(TrainingFormat, EvoChessRightsAndCountersRoundTrip) {
    expect_round_trip("evochess",
                      "r3k2r/ppp2ppp/2n5/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 17 2,3,1,2/1,0,1,4",
                      -412, GameOutcome::BlackWins);
}

TEST(TrainingFormat, EChessCountersAndUnmovedKingRoundTrip) {
    // Rights expire (RULES 3.1): only the counters are ever non-zero between moves.
    expect_round_trip("echess", "4k3/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R3K3 b Q - 0 9 2,0,1,0/1,0,1,0",
                      31, GameOutcome::Draw);
}

TEST(TrainingFormat, PromoteKingCthulhuAndOtherColourUnitsRoundTrip) {
    // A Cthulhu, pawns on the back ranks, one promoted into the other colour (e8, RULES 4.4),
    // and the RULES 4.11/4.12 state: White promoted a king first, two such promotions.
    expect_round_trip("promoteking", "3Cp2P/8/2p5/8/8/5P2/2q5/k6p b - - 4 40 w,2", 30000,
                      GameOutcome::WhiteWins);
    expect_round_trip("promoteking", "8/3K4/8/8/8/8/8/c7 w - - 0 1 -,0", 0, GameOutcome::Draw);
}

TEST(TrainingFormat, ChessCastlingAndEnPassantRoundTrip) {
    expect_round_trip("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                      -32767, GameOutcome::WhiteWins);
}

TEST(TrainingFormat, HeaderRoundTripsAndNamesTheFamily) {
    const Variant* evochess = find_variant("evochess");
    auto header = header_for(*evochess, 5000, 42);
    ASSERT_TRUE(header.ok()) << header.error();
    EXPECT_EQ(header->family, "evochess");
    EXPECT_EQ(header->pawn_units, engine::pawn_value(*evochess));
    HeaderBytes bytes = encode_header(*header);
    auto decoded = decode_header(bytes.data(), bytes.size());
    ASSERT_TRUE(decoded.ok()) << decoded.error();
    EXPECT_EQ(*decoded, *header);
    EXPECT_EQ(family_of(*find_variant("echess")), "echess");
    EXPECT_EQ(family_of(*find_variant("promoteking")), "promoteking");
    EXPECT_EQ(family_of(chess_variant()), "chess");
}

TEST(TrainingFormat, RefusesBytesNoWriterWrites) {
    HeaderBytes header = encode_header(*header_for(chess_variant(), 100, 1));
    header[0] = 'X';
    EXPECT_FALSE(decode_header(header.data(), header.size()).ok());
    header = encode_header(*header_for(chess_variant(), 100, 1));
    header[8] = 99; // format version
    EXPECT_FALSE(decode_header(header.data(), header.size()).ok());
    EXPECT_FALSE(decode_header(header.data(), 10).ok());

    Position start = Position::start(chess_variant());
    RecordBytes record = *encode_record({start, 0, GameOutcome::Draw, false});
    RecordBytes bad_piece = record;
    bad_piece[8] = 0; // the first unit's piece code: none
    EXPECT_FALSE(decode_record(bad_piece.data(), chess_variant()).ok());
    RecordBytes bad_result = record;
    bad_result[51] = 3;
    EXPECT_FALSE(decode_record(bad_result.data(), chess_variant()).ok());
}

} // namespace
} // namespace evo::datagen
