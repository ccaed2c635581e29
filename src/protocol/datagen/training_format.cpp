#include "training_format.h"

#include "engine/nnue/features.h"
#include "engine/score_unit.h"

#include <algorithm>
#include <cstring>

namespace evo::datagen {

namespace {

constexpr char Magic[8] = {'E', 'V', 'O', 'T', 'R', 'A', 'I', 'N'};
constexpr std::size_t FamilyField = 16;

// Little-endian fields, byte by byte.
void put16(std::uint8_t* at, std::uint16_t v) {
    at[0] = std::uint8_t(v);
    at[1] = std::uint8_t(v >> 8);
}
void put32(std::uint8_t* at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) at[i] = std::uint8_t(v >> (8 * i));
}
void put64(std::uint8_t* at, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) at[i] = std::uint8_t(v >> (8 * i));
}
std::uint16_t get16(const std::uint8_t* at) {
    return std::uint16_t(at[0] | (at[1] << 8));
}
std::uint32_t get32(const std::uint8_t* at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(at[i]) << (8 * i);
    return v;
}
std::uint64_t get64(const std::uint8_t* at) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t(at[i]) << (8 * i);
    return v;
}
void put_text(std::uint8_t* at, std::size_t field, const std::string& text) {
    std::memcpy(at, text.data(), std::min(text.size(), field - 1));
}
std::string get_text(const std::uint8_t* at, std::size_t field) {
    std::size_t n = 0;
    while (n < field && at[n]) ++n;
    return std::string(reinterpret_cast<const char*>(at), n);
}

// Record offsets (docs/nnue.md).
constexpr std::size_t Occupancy = 0, Pieces = 8, Score = 24, Ply = 26, Counters = 28,
                      OtherColorPromotions = 44, SideToMove = 46, Castling = 47, EnPassant = 48,
                      Rule50 = 49, FirstKingPromoter = 50, Labels = 51;
constexpr std::uint8_t AdjudicatedBit = 4;

} // namespace

std::string family_of(const Variant& variant) {
    return std::string(nnue::net_family(variant)); // the engine picks its net the same way
}

Result<Header> header_for(const Variant& variant, std::uint32_t nodes, std::uint64_t seed) {
    if (variant.name.size() > MaxVariantName)
        return make_error("variant name '" + std::string(variant.name) + "' is longer than " +
                          std::to_string(MaxVariantName) + " characters");
    if (variant.minor_right_pawn_moves > 255 || variant.rook_right_captures > 255)
        return make_error("the data header holds N and K up to 255");
    Header h;
    h.variant = std::string(variant.name);
    h.family = family_of(variant);
    h.pawn_units = std::uint16_t(engine::pawn_value(variant));
    h.evolution = std::uint8_t(variant.evolution);
    h.extra_state = std::uint8_t(variant.extra_state);
    h.pawn_moves_per_right = std::uint8_t(variant.minor_right_pawn_moves);
    h.captures_per_right = std::uint8_t(variant.rook_right_captures);
    h.nodes = nodes;
    h.seed = seed;
    return h;
}

HeaderBytes encode_header(const Header& h) {
    HeaderBytes b{};
    std::memcpy(b.data(), Magic, sizeof Magic);
    put16(&b[8], FormatVersion);
    put16(&b[10], std::uint16_t(RecordSize));
    put16(&b[12], h.pawn_units);
    b[14] = h.evolution;
    b[15] = h.extra_state;
    b[16] = h.pawn_moves_per_right;
    b[17] = h.captures_per_right;
    put32(&b[20], h.nodes);
    put64(&b[24], h.seed);
    put_text(&b[32], MaxVariantName + 1, h.variant);
    put_text(&b[64], FamilyField, h.family);
    return b;
}

Result<Header> decode_header(const std::uint8_t* b, std::size_t size) {
    if (size < HeaderSize || std::memcmp(b, Magic, sizeof Magic) != 0)
        return make_error("not an evochess datagen file (no EVOTRAIN header)");
    if (get16(&b[8]) != FormatVersion)
        return make_error("format version " + std::to_string(get16(&b[8])) + ", this reads " +
                          std::to_string(FormatVersion));
    if (get16(&b[10]) != RecordSize) return make_error("records of an unknown size");
    Header h;
    h.pawn_units = get16(&b[12]);
    h.evolution = b[14];
    h.extra_state = b[15];
    h.pawn_moves_per_right = b[16];
    h.captures_per_right = b[17];
    h.nodes = get32(&b[20]);
    h.seed = get64(&b[24]);
    h.variant = get_text(&b[32], MaxVariantName + 1);
    h.family = get_text(&b[64], FamilyField);
    if (h.variant.empty()) return make_error("the header names no variant");
    return h;
}

Result<RecordBytes> encode_record(const TrainingPosition& sample) {
    const Position& pos = sample.position;
    if (popcount(pos.pieces()) > 32) return make_error("more than 32 units");
    if (sample.score < -32767 || sample.score > 32767) return make_error("score beyond int16");
    if (pos.rule50() > 255) return make_error("halfmove clock above 255");
    if (pos.game_ply() > 65535 || pos.other_color_promotions() > 65535)
        return make_error("ply or promotions beyond 16 bits");
    RecordBytes b{};
    put64(&b[Occupancy], pos.pieces());
    int unit = 0;
    for (Bitboard occupied = pos.pieces(); occupied; occupied &= occupied - 1, ++unit) {
        std::uint8_t code = pos.piece_on(Square(lsb(occupied)));
        b[Pieces + std::size_t(unit / 2)] |= std::uint8_t(unit % 2 ? code << 4 : code);
    }
    put16(&b[Score], std::uint16_t(std::int16_t(sample.score)));
    put16(&b[Ply], std::uint16_t(pos.game_ply()));
    for (Color c : {White, Black}) {
        const EvolutionCounters& e = pos.counters(c);
        std::uint8_t* at = &b[Counters + 8 * std::size_t(c)];
        put16(at, e.pawn_moves);
        put16(at + 2, e.minor_rights);
        put16(at + 4, e.captures);
        put16(at + 6, e.rook_rights);
    }
    put16(&b[OtherColorPromotions], std::uint16_t(pos.other_color_promotions()));
    b[SideToMove] = pos.side_to_move();
    b[Castling] = pos.castling();
    b[EnPassant] = std::uint8_t(pos.en_passant());
    b[Rule50] = std::uint8_t(pos.rule50());
    b[FirstKingPromoter] = std::uint8_t(std::int8_t(pos.first_king_promoter()));
    b[Labels] =
        std::uint8_t(std::uint8_t(sample.outcome) | (sample.adjudicated ? AdjudicatedBit : 0));
    return b;
}

Result<DecodedRecord> decode_record(const std::uint8_t* b, const Variant& variant) {
    Bitboard occupied = get64(&b[Occupancy]);
    if (popcount(occupied) > 32) return make_error("a record with more than 32 units");
    Piece board[64] = {};
    int unit = 0;
    for (Bitboard rest = occupied; rest; rest &= rest - 1, ++unit) {
        std::uint8_t byte = b[Pieces + std::size_t(unit / 2)];
        std::uint8_t code = unit % 2 ? byte >> 4 : byte & 15;
        if (type_of(Piece(code)) == NoPieceType)
            return make_error("a record with a bad piece code");
        board[lsb(rest)] = Piece(code);
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board[make_square(file, rank)];
            if (p == NoPiece) {
                ++empty_run;
                continue;
            }
            if (empty_run) fen += char('0' + empty_run);
            empty_run = 0;
            fen += piece_char(p);
        }
        if (empty_run) fen += char('0' + empty_run);
        if (rank) fen += '/';
    }
    const Color side = b[SideToMove] ? Black : White;
    fen += side == White ? " w " : " b ";
    // The letters of RULES 5.1: K, Q, V per colour, U when a colour has only the unmoved king.
    const std::uint8_t castling = b[Castling];
    std::string letters;
    for (Color c : {White, Black}) {
        auto letter = [c](char upper) { return c == White ? upper : char(upper - 'A' + 'a'); };
        std::size_t before = letters.size();
        if (castling & kingside_right(c)) letters += letter('K');
        if (castling & queenside_right(c)) letters += letter('Q');
        if (castling & vertical_right(c)) letters += letter('V');
        if (letters.size() == before && (castling & king_unmoved_flag(c))) letters += letter('U');
    }
    fen += letters.empty() ? "-" : letters;
    const std::uint8_t ep = b[EnPassant];
    if (ep > 64) return make_error("a record with a bad en-passant square");
    fen += ' ';
    fen += ep == 64 ? std::string("-")
                    : std::string{char('a' + file_of(Square(ep))), char('1' + rank_of(Square(ep)))};
    const int ply = get16(&b[Ply]);
    fen += ' ' + std::to_string(b[Rule50]) + ' ' + std::to_string(1 + ply / 2);
    switch (variant.extra_state) {
    case ExtraState::None: break;
    case ExtraState::EvolutionCounters:
        fen += ' ';
        for (Color c : {White, Black}) {
            const std::uint8_t* at = &b[Counters + 8 * std::size_t(c)];
            fen += std::to_string(get16(at)) + ',' + std::to_string(get16(at + 2)) + ',' +
                   std::to_string(get16(at + 4)) + ',' + std::to_string(get16(at + 6));
            if (c == White) fen += '/';
        }
        break;
    case ExtraState::PromoteKing: {
        const std::int8_t first = std::int8_t(b[FirstKingPromoter]);
        fen += ' ';
        fen += first < 0 ? '-' : first == White ? 'w' : 'b';
        fen += ',' + std::to_string(get16(&b[OtherColorPromotions]));
        break;
    }
    }
    DecodedRecord r;
    r.fen = std::move(fen);
    r.score = std::int16_t(get16(&b[Score]));
    const std::uint8_t labels = b[Labels];
    if ((labels & 3) > 2 || (labels & ~std::uint8_t(3 | AdjudicatedBit)))
        return make_error("a record with a bad result");
    r.outcome = GameOutcome(labels & 3);
    r.adjudicated = labels & AdjudicatedBit;
    return r;
}

std::string outcome_text(GameOutcome outcome) {
    switch (outcome) {
    case GameOutcome::WhiteWins: return "1-0";
    case GameOutcome::BlackWins: return "0-1";
    case GameOutcome::Draw: break;
    }
    return "1/2-1/2";
}

} // namespace evo::datagen
