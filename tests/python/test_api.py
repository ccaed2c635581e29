"""The Python API beyond the rule cases: variants, FEN/SAN/PGN round trips, counters and
rights, results with Promote King points, and the engine."""

import evochess
import pytest

EVOCHESS_OPENING = ["e2e4", "e7e5", "d2d4", "e5d4", "e4e5"]


def test_builtin_variants_are_known():
    assert evochess.variants()[:4] == ["chess", "evochess", "echess", "promoteking"]
    evo = evochess.variant("evochess")
    assert (evo.evolution, evo.minor_right_pawn_moves, evo.rook_right_captures) == ("accumulate", 3, 2)
    assert evochess.variant("echess").evolution == "expire"
    assert evochess.variant("promoteking").scores_points


def test_fen_round_trip_keeps_the_seventh_field():
    fen = evochess.get_fen("evochess", "", EVOCHESS_OPENING)
    position = evochess.Position("evochess", fen)
    assert position.fen() == fen
    assert fen.split()[6] == "0,1,0,0/2,0,0,0"
    assert position.white_counters.minor_rights == 1
    assert position.counters("b") == position.black_counters
    assert position.black_counters.pawn_moves == 2
    assert (position.turn, position.castling, position.halfmove_clock, position.fullmove_number) == ("b", "-", 0, 3)


def test_san_and_uci_convert_both_ways():
    game = evochess.Game("evochess")
    for uci in EVOCHESS_OPENING:
        game.push(uci)
    position = game.position
    for uci, san in zip(position.legal_moves(), position.legal_moves_san()):
        assert position.san(uci) == san
        assert position.uci(san) == uci
        assert evochess.to_san("evochess", position.fen(), uci) == san
        assert evochess.to_uci("evochess", position.fen(), san) == uci


def test_push_pop_and_pgn_round_trip():
    game = evochess.Game("evochess")
    for move in ["e4", "e5", "d4", "exd4", "e5"]:
        game.push(move)
    assert game.moves == EVOCHESS_OPENING
    assert game.pop() == "e4e5" and len(game) == 4
    game.push("e4e5")
    text = game.pgn({"White": "Ada", "Event": "test"})
    again = evochess.Game.from_pgn(text)
    assert again.moves == game.moves and again.fen() == game.fen()
    assert again.tags["Variant"].lower() == "evochess" and again.tags["White"] == "Ada"
    assert again.pgn() == text
    games = evochess.split_pgn(text + "\n" + text)
    assert len(games) == 2 and all(evochess.read_pgn(g).moves == game.moves for g in games)


def test_position_play_is_immutable():
    start = evochess.Position("chess")
    after = start.play("e4")
    assert start.fen().startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP")
    assert after.piece_at("e4") == "P" and after.piece_at("e2") is None
    assert after.turn == "b" and after == evochess.Position("chess", after.fen())


def test_checkmate_result():
    game = evochess.Game("chess")
    for move in ["f3", "e5", "g4", "Qh4#"]:
        game.push(move)
    result = game.result()
    assert (result.over, result.outcome, result.winner, result.reason) == (True, "0-1", "b", "checkmate")
    assert game.legal_moves() == []
    with pytest.raises(evochess.IllegalMoveError, match="over"):
        game.push("a3")


def test_promoteking_points():
    won = evochess.Game("promoteking", "k7/8/1Q6/8/8/8/7C/8 b - - 0 1 w,3").result()
    assert (won.white_points, won.black_points) == (4.0, 0.0)
    drawn = evochess.Game("promoteking", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -,2").result()
    assert (drawn.outcome, drawn.white_points, drawn.black_points) == ("1/2-1/2", 0.5, 0.5)
    assert evochess.Position("promoteking", "k7/8/1Q6/8/8/8/7C/8 b - - 0 1 w,3").first_king_promoter == "w"


def test_variants_from_ini_text():
    loaded = evochess.load_variants_text("[py-evo-n2:evochess]\nminor_right_pawn_moves = 2\n")
    assert [v.name for v in loaded] == ["py-evo-n2"]
    assert "py-evo-n2" in evochess.variants()
    game = evochess.Game("py-evo-n2")
    game.push("e4")
    game.push("e5")
    game.push("d4")
    assert game.position.white_counters.minor_rights == 1


def test_engine_analysis_returns_lines():
    engine = evochess.Engine(hash_mb=4)
    analysis = engine.analyse(evochess.Game("evochess"), depth=4, multipv=3)
    assert analysis.best_move in evochess.Position("evochess").legal_moves()
    assert [line.multipv for line in analysis.lines] == [1, 2, 3]
    for line in analysis.lines:
        assert line.depth >= 1 and line.pv and (line.centipawns is None) != (line.mate is None)
    assert analysis.lines[0].pv[0] == analysis.best_move


def test_engine_finds_mate_within_node_and_time_limits():
    engine = evochess.Engine()
    mate_in_one = evochess.Position("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    for limits in ({"nodes": 20000}, {"time": 0.2}):
        analysis = engine.analyse(mate_in_one, **limits)
        assert analysis.best_move == "a1a8" and analysis.lines[0].mate == 1


def test_engine_needs_a_limit():
    with pytest.raises(ValueError, match="limit"):
        evochess.Engine().analyse(evochess.Position(), multipv=2)


def test_help_describes_the_module():
    assert "legal_moves(variant, fen, moves)" in evochess.__doc__
    assert evochess.Game.push.__doc__ and "UCI or SAN" in evochess.Game.push.__doc__
