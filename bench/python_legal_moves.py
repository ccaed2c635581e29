#!/usr/bin/env python3
"""The cost of one legal-move call from Python (docs/performance.md), against the same
work done in C++ alone (evochess._native_legal_moves_seconds: generate the legal moves
and write each as UCI), for a few typical positions.

    PYTHONPATH=build/python python3 bench/python_legal_moves.py [--calls 200000]
"""

import argparse
import time

import evochess

POSITIONS = [
    ("chess", "start", ""),
    ("chess", "middlegame",
     "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"),
    ("evochess", "move 10", evochess.get_fen(
        "evochess", "", ["e2e4", "e7e5", "d2d4", "d7d5", "c2c4", "c7c6", "g2g3", "g7g6",
                         "f2f4", "f7f6"])),
    ("promoteking", "start", ""),
]


def per_call(function, calls):
    started = time.perf_counter()
    for _ in range(calls):
        function()
    return (time.perf_counter() - started) / calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200000)
    args = parser.parse_args()
    print(f"{'position':24} {'moves':>5} {'Position.legal_moves':>21} "
          f"{'legal_moves(v, fen, [])':>24} {'C++ alone':>10} {'ratio':>6}")
    for variant, name, fen in POSITIONS:
        position = evochess.Position(variant, fen)
        fen = position.fen()
        stateful = per_call(position.legal_moves, args.calls)
        stateless = per_call(lambda: evochess.legal_moves(variant, fen, []), args.calls)
        native = evochess._native_legal_moves_seconds(variant, fen, args.calls) / args.calls
        print(f"{variant + ' ' + name:24} {len(position.legal_moves()):5} "
              f"{stateful * 1e6:18.2f} us {stateless * 1e6:21.2f} us "
              f"{native * 1e6:7.2f} us {stateful / native:6.2f}")


if __name__ == "__main__":
    main()
