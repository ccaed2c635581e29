"""Every public rule case of tests/data through the Python API: perft divides and the legal
moves with their SAN, by the stateful Position and the stateless layer."""

import evochess
import pytest

from conftest import rule_cases

CASES = rule_cases()


def test_the_cases_are_there():
    kinds = {case["kind"] for case in CASES}
    assert kinds == {"perft", "moves"} and len(CASES) > 400


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "perft"], ids=lambda c: c["id"])
def test_perft(case):
    position = evochess.Position(case["variant"], case["fen"])
    assert position.perft_divide(case["depth"]) == case["divide"]
    assert position.perft(case["depth"]) == case["nodes"]


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "moves"], ids=lambda c: c["id"])
def test_moves(case):
    want = {uci: san for uci, san in case["moves"]}
    position = evochess.Position(case["variant"], case["fen"])
    assert dict(zip(position.legal_moves(), position.legal_moves_san())) == want
    assert sorted(evochess.legal_moves(case["variant"], case["fen"], [])) == sorted(want)
    for uci, san in want.items():
        assert position.san(uci) == san
        assert position.uci(san) == uci
