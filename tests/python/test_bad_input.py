"""Bad input raises a named evochess.Error with the core's message, never a crash or a hang."""

import time

import evochess
import pytest


def test_errors_are_value_errors():
    for error in (evochess.FenError, evochess.IllegalMoveError, evochess.PgnError,
                  evochess.VariantFileError, evochess.UnknownVariantError):
        assert issubclass(error, evochess.Error) and issubclass(error, ValueError)


@pytest.mark.parametrize("fen", [
    "", "x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9,9,9,9/0,0,0,0",
    "k7/8/8/8/8/8/8/K7 w - - 0 1 " + "9" * 5000, "\x00\xff" * 1000,
])
def test_malformed_fen(fen):
    if fen == "":
        fen = "not a fen"
    with pytest.raises(evochess.FenError) as raised:
        evochess.Position("evochess", fen)
    assert str(raised.value) and len(str(raised.value)) < 1000


@pytest.mark.parametrize("move", ["", "e2e5", "Ke2", "Nf3=Q", "zz", "e1e1", "x" * 100000, "é"])
def test_bad_moves(move):
    with pytest.raises(evochess.IllegalMoveError):
        evochess.Game("chess").push(move)
    with pytest.raises(evochess.IllegalMoveError):
        evochess.Position("chess").san(move)
    with pytest.raises(evochess.IllegalMoveError):
        evochess.legal_moves("chess", "", ["e2e4", move])


def test_ambiguous_san():
    position = evochess.Position("chess", "k7/8/8/8/8/8/8/KN3N2 w - - 0 1")
    with pytest.raises(evochess.IllegalMoveError, match="ambiguous"):
        position.uci("Nd2")


@pytest.mark.parametrize("pgn", [
    '[Variant "nonsense"]\n\n1. e4 *', '[Event "x\n\n1. e4', "1. e4 e5 2. Ke3 *", "1. e4 * trailing",
    "[" * 10000, '[Variant "evochess"]\n\n1. e4 e5 2. Nf3 *',
])
def test_malformed_pgn(pgn):
    with pytest.raises(evochess.PgnError):
        evochess.Game.from_pgn(pgn)


@pytest.mark.parametrize("ini", ["[broken", "[a:nowhere]\n", "[b:evochess]\nno_such_field = 1\n",
                                 "[c:evochess]\nminor_right_pawn_moves = -4\n", "[chess]\n"])
def test_malformed_variants_file(ini):
    with pytest.raises(evochess.VariantFileError) as raised:
        evochess.load_variants_text(ini, "bad.ini")
    assert raised.value.file == "bad.ini" and raised.value.kind and str(raised.value).startswith("bad.ini")


def test_missing_variants_file():
    with pytest.raises(evochess.VariantFileError) as raised:
        evochess.load_variants("/nonexistent/variants.ini")
    assert raised.value.kind == "io"


def test_unknown_variant():
    with pytest.raises(evochess.UnknownVariantError, match="evochess"):
        evochess.Game("no-such-game")
    with pytest.raises(TypeError):
        evochess.Game(42)


def test_huge_move_lists_are_linear():
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 25000  # 100,000 moves, repetitions galore
    started = time.monotonic()
    assert len(evochess.legal_moves("chess", "", shuffle)) == 20
    assert time.monotonic() - started < 20
    with pytest.raises(evochess.IllegalMoveError, match="move 100001"):
        evochess.legal_moves("chess", "", shuffle + ["e2e5"])


def test_bad_limits_and_depths():
    with pytest.raises(ValueError):
        evochess.Position().perft(-1)
    with pytest.raises(ValueError):
        evochess.Position().perft(99)
    with pytest.raises(ValueError):
        evochess.Engine().analyse(evochess.Position(), depth=2, multipv=0)
    with pytest.raises(ValueError):
        evochess.Engine().set_option("No Such Option", "1")
    with pytest.raises(IndexError):
        evochess.Game().pop()
    with pytest.raises(ValueError):
        evochess.Position().piece_at("z9")


def test_the_shared_loader_keeps_the_messages():
    # The texts (and classes) of the variant, FEN and move errors, as before the shared load.
    names = ", ".join(evochess.variants())  # the built-in ones, then those other tests loaded
    with pytest.raises(evochess.UnknownVariantError) as raised:
        evochess.legal_moves("xiangqi", "", [])
    assert str(raised.value) == "unknown variant 'xiangqi' (%s)" % names
    with pytest.raises(evochess.UnknownVariantError) as raised:
        evochess.Position("a\x01")
    assert str(raised.value) == "unknown variant 'a\\x01' (%s)" % names
    with pytest.raises(evochess.FenError) as raised:
        evochess.get_fen("chess", "8/8 w", ["e2e4"])
    assert str(raised.value) == "FEN board must have 8 ranks separated by '/'"
    with pytest.raises(evochess.FenError) as raised:
        evochess.Position("chess", "4k3/8/8/8/8/8/8/4C3 w - - 0 1")
    assert str(raised.value) == "Cthulhu (C) exists only in promoteking"
    with pytest.raises(evochess.IllegalMoveError) as raised:
        evochess.legal_moves("chess", "", ["e2e4", "e7e5", "e4e5"])
    assert str(raised.value) == "move 3: illegal move: 'e4e5'"
    with pytest.raises(evochess.IllegalMoveError) as raised:
        evochess.legal_moves_san("chess", "", ["e4"])
    assert str(raised.value) == "move 1: not a UCI move: 'e4'"
    with pytest.raises(evochess.IllegalMoveError) as raised:
        evochess.to_uci("chess", "k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "Nd2")
    assert str(raised.value) == "ambiguous move: 'Nd2'"
    for call in (lambda: evochess.perft("chess", "", 21), lambda: evochess.Position().perft(-1)):
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == "depth must be between 0 and 20"
    assert evochess.get_fen("chess", "", ["e2e4", "c7c5"]) == \
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
