// The kinds of the core's errors (result.h): each failure of FEN, move, game, PGN and variant
// input says what went wrong as a kind, beside its message.
#include "core/game.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/position.h"
#include "core/variant.h"
#include "test_util.h"

namespace evo {
namespace {

ErrorKind fen_kind(std::string_view variant, std::string_view fen) {
    auto pos = Position::from_fen(*find_variant(variant), fen);
    EXPECT_FALSE(pos.ok()) << fen;
    return pos.error_kind();
}

TEST(ErrorKind, AValueHasNoKindAndNoMessage) {
    auto pos = Position::from_fen(chess_variant(), chess_variant().start_fen);
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(pos.error_kind(), ErrorKind::Other);
    EXPECT_EQ(pos.error(), "");
}

TEST(ErrorKind, AnErrorWithoutAKindIsOther) {
    Result<int> r = make_error("cannot read x");
    EXPECT_EQ(r.error_kind(), ErrorKind::Other);
    EXPECT_EQ(r.error(), "cannot read x");
}

TEST(ErrorKind, ContextKeepsTheKind) {
    Result<int> r = make_error("move 3: ", make_error(ErrorKind::IllegalMove, "illegal move: 'x'"));
    EXPECT_EQ(r.error_kind(), ErrorKind::IllegalMove);
    EXPECT_EQ(r.error(), "move 3: illegal move: 'x'");
}

TEST(ErrorKind, Names) {
    EXPECT_EQ(error_kind_name(ErrorKind::Other), "other");
    EXPECT_EQ(error_kind_name(ErrorKind::UnknownVariant), "unknown_variant");
    EXPECT_EQ(error_kind_name(ErrorKind::InvalidVariant), "invalid_variant");
    EXPECT_EQ(error_kind_name(ErrorKind::MalformedFen), "malformed_fen");
    EXPECT_EQ(error_kind_name(ErrorKind::InvalidPosition), "invalid_position");
    EXPECT_EQ(error_kind_name(ErrorKind::NotInVariant), "not_in_variant");
    EXPECT_EQ(error_kind_name(ErrorKind::MalformedMove), "malformed_move");
    EXPECT_EQ(error_kind_name(ErrorKind::IllegalMove), "illegal_move");
    EXPECT_EQ(error_kind_name(ErrorKind::AmbiguousMove), "ambiguous_move");
    EXPECT_EQ(error_kind_name(ErrorKind::GameOver), "game_over");
    EXPECT_EQ(error_kind_name(ErrorKind::MalformedPgn), "malformed_pgn");
}

// A FEN that cannot be read.
TEST(ErrorKind, MalformedFen) {
    for (const char* fen : {
             "8/8/8/8 w",                                                    // too few ranks
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",                  // no side to move
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x y", // eight fields
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",     // a letter
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",    // rank too long
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",      // rank too short
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",     // side
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",     // castling letter
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",    // en passant
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",    // halfmove clock
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",     // move number
         })
        EXPECT_EQ(fen_kind("chess", fen), ErrorKind::MalformedFen) << fen;
    EXPECT_EQ(fen_kind("evochess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x"), ErrorKind::MalformedFen);
    EXPECT_EQ(fen_kind("evochess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 a,0,0,0/0,0,0,0"),
              ErrorKind::MalformedFen);
    EXPECT_EQ(fen_kind("promoteking", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x,1"),
              ErrorKind::MalformedFen);
}

// A FEN that reads but describes a position that cannot be played.
TEST(ErrorKind, InvalidPosition) {
    for (const char* fen : {
             "8/8/8/8/8/8/8/4K3 w - - 0 1",               // no black king
             "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",            // two white kings
             "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",            // a pawn on the first rank
             "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",           // the side not to move in check
             "4k3/8/8/8/8/8/PPPPPPPP/PPPPPPPK w - - 0 1", // seventeen white units
         })
        EXPECT_EQ(fen_kind("chess", fen), ErrorKind::InvalidPosition) << fen;
    // Counters beyond the variant's thresholds.
    EXPECT_EQ(fen_kind("evochess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 99,0,0,0/0,0,0,0"),
              ErrorKind::InvalidPosition);
}

// A FEN that uses what the variant does not have.
TEST(ErrorKind, NotInVariant) {
    EXPECT_EQ(fen_kind("chess", "4k3/8/8/8/8/8/8/4C3 w - - 0 1"), ErrorKind::NotInVariant);
    EXPECT_EQ(fen_kind("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0,0,0,0/0,0,0,0"),
              ErrorKind::NotInVariant);
    EXPECT_EQ(fen_kind("echess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0,1,0,0/0,0,0,0"),
              ErrorKind::NotInVariant);
}

TEST(ErrorKind, Moves) {
    Position pos = Position::start(chess_variant());
    EXPECT_EQ(parse_uci_move(pos, "e2").error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(parse_uci_move(pos, "z9e4").error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(parse_uci_move(pos, "e2e5").error_kind(), ErrorKind::IllegalMove);
    EXPECT_EQ(parse_uci_move(pos, "e2e5").error(), "illegal move: 'e2e5'");
    EXPECT_EQ(parse_san_move(pos, "Qxx").error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(parse_san_move(pos, "e5").error_kind(), ErrorKind::IllegalMove);
    Position knights = test::load("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    auto twice = parse_san_move(knights, "Nd2");
    EXPECT_EQ(twice.error_kind(), ErrorKind::AmbiguousMove);
    EXPECT_EQ(twice.error(), "ambiguous move: 'Nd2'");
    EXPECT_TRUE(parse_san_move(knights, "Nbd2").ok());
    // parse_move: the UCI error for a text that is no SAN either, else the SAN one.
    EXPECT_EQ(parse_move(pos, "hello").error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(parse_move(pos, "hello").error(), "not a UCI move: 'hello'");
    EXPECT_EQ(parse_move(knights, "Nd2").error_kind(), ErrorKind::AmbiguousMove);
    EXPECT_EQ(parse_move(pos, "e5").error_kind(), ErrorKind::IllegalMove);
}

TEST(ErrorKind, AMoveAfterTheEnd) {
    Game game(chess_variant());
    for (const char* move : {"f3", "e5", "g4", "Qh4#"}) ASSERT_TRUE(game.play(move).ok()) << move;
    auto after = game.play("e4");
    EXPECT_EQ(after.error_kind(), ErrorKind::GameOver);
    EXPECT_EQ(after.error(), "the game is over");
}

TEST(ErrorKind, Pgn) {
    EXPECT_EQ(parse_pgn("[Event \"x\"\n1. e4").error_kind(), ErrorKind::MalformedPgn);
    EXPECT_EQ(parse_pgn("1. e4 {open").error_kind(), ErrorKind::MalformedPgn);
    EXPECT_EQ(parse_pgn("1. e4 )").error_kind(), ErrorKind::MalformedPgn);
    EXPECT_EQ(parse_pgn("1. e4 (1. d4").error_kind(), ErrorKind::MalformedPgn);
    EXPECT_EQ(parse_pgn("1. e4 * 1. d4").error_kind(), ErrorKind::MalformedPgn);
    EXPECT_EQ(parse_pgn("[Variant \"xiangqi\"]\n1. e4").error_kind(), ErrorKind::UnknownVariant);
    // Inside a PGN, a FEN or a move keeps its own kind; the message says where.
    auto fen = parse_pgn("[FEN \"8/8 w\"]\n1. e4");
    EXPECT_EQ(fen.error_kind(), ErrorKind::MalformedFen);
    EXPECT_EQ(fen.error(), "PGN FEN tag: FEN board must have 8 ranks separated by '/'");
    auto move = parse_pgn("1. e4 e4");
    EXPECT_EQ(move.error_kind(), ErrorKind::IllegalMove);
    EXPECT_EQ(move.error(), "PGN move 1: illegal move: 'e4'");
    EXPECT_EQ(parse_pgn("1. f3 e5 2. g4 Qh4# 3. e4").error_kind(), ErrorKind::GameOver);
}

TEST(ErrorKind, VariantRegistry) {
    VariantDefinition nameless;
    nameless.rules = chess_variant();
    auto r = register_variants({nameless});
    EXPECT_EQ(r.error_kind(), ErrorKind::InvalidVariant);
    EXPECT_EQ(r.error(), "a variant needs a name");
    VariantDefinition builtin;
    builtin.rules = chess_variant();
    builtin.name = "chess";
    EXPECT_EQ(register_variants({builtin}).error_kind(), ErrorKind::InvalidVariant);
}

} // namespace
} // namespace evo
