#include "bitboard.h"

#include <cstdlib>

namespace evo {
namespace tables {
Bitboard pawn_attacks[2][64];
Bitboard knight_attacks[64];
Bitboard king_attacks[64];
Bitboard leap2_targets[64];
Bitboard between[64][64];
Bitboard line[64][64];
Magic rook_magics[64];
Magic bishop_magics[64];
} // namespace tables

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

// Magic numbers found once by init_magics' own search (fixed seed) and kept, so start-up
// does not search again (the search took ~150 ms). Each is verified when the tables are
// filled; one that failed would be searched for anew.
constexpr Bitboard RookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard BishopMagics[64] = {
    0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
    0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
    0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) {
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

// Slow ray walk, used only to fill tables.
Bitboard slide(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            Square t = make_square(f, r);
            result |= square_bb(t);
            if (occupied & square_bb(t)) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

Bitboard steps(Square s, const int (*offsets)[2], int n) {
    Bitboard result = 0;
    for (int i = 0; i < n; ++i) {
        int f = file_of(s) + offsets[i][0], r = rank_of(s) + offsets[i][1];
        if (on_board(f, r)) result |= square_bb(make_square(f, r));
    }
    return result;
}

// A small xorshift generator with a fixed seed: the magics found are the same every run.
struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(tables::Magic* magics, Bitboard* table, const int (&dirs)[4][2],
                 const Bitboard (&known)[64]) {
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, attempt = 0;
    Prng rng{0x9E3779B97F4A7C15ULL};
    Bitboard* next_table = table;
    for (Square s = A1; s <= H8; ++s) {
        Bitboard edges = ((Rank1BB | Rank8BB) & ~rank_bb(rank_of(s))) |
                         ((FileABB | FileHBB) & ~file_bb(file_of(s)));
        tables::Magic& m = magics[s];
        m.mask = slide(s, 0, dirs) & ~edges;
        m.shift = 64 - unsigned(popcount(m.mask));
        m.attacks = next_table;
        // Carry-rippler enumeration of every subset of the mask.
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(s, b, dirs);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next_table += size;
        for (bool first = true;; first = false) {
            if (first)
                m.magic = known[s];
            else
                do m.magic = rng.sparse();
                while (popcount((m.magic * m.mask) >> 56) < 6);
            ++attempt;
            int i = 0;
            for (; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i])
                    break;
            }
            if (i == size) break;
        }
    }
}

} // namespace

void init_bitboards() {
    static bool done = false;
    if (done) return;
    constexpr int KnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int KingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int Leaps[8][2] = {{2, 0},  {2, 2},   {0, 2},  {-2, 2},
                                 {-2, 0}, {-2, -2}, {0, -2}, {2, -2}};
    for (Square s = A1; s <= H8; ++s) {
        tables::knight_attacks[s] = steps(s, KnightSteps, 8);
        tables::king_attacks[s] = steps(s, KingSteps, 8);
        tables::leap2_targets[s] = steps(s, Leaps, 8);
        tables::pawn_attacks[White][s] = pawn_attacks_bb<White>(square_bb(s));
        tables::pawn_attacks[Black][s] = pawn_attacks_bb<Black>(square_bb(s));
    }
    init_magics(tables::rook_magics, rook_table, RookDirs, RookMagics);
    init_magics(tables::bishop_magics, bishop_table, BishopDirs, BishopMagics);
    for (Square a = A1; a <= H8; ++a)
        for (Square b = A1; b <= H8; ++b) {
            tables::between[a][b] = tables::line[a][b] = 0;
            if (a == b) continue;
            for (const auto* dirs : {&RookDirs, &BishopDirs}) {
                if (!(slide(a, 0, *dirs) & square_bb(b))) continue;
                tables::line[a][b] =
                    (slide(a, 0, *dirs) & slide(b, 0, *dirs)) | square_bb(a) | square_bb(b);
                tables::between[a][b] =
                    slide(a, square_bb(b), *dirs) & slide(b, square_bb(a), *dirs);
            }
        }
    done = true;
}

} // namespace evo
