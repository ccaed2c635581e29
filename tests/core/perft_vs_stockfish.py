#!/usr/bin/env python3
"""RULES 1.1: evochess perft divides equal Debian stockfish's `go perft` on the standard
positions. Run by CTest; stockfish is installed by the README's test command."""
import argparse
import shutil
import subprocess
import sys

POSITIONS = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4),
    ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 5),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 5),
]


def divide(lines):
    out, total = {}, None
    for line in lines.splitlines():
        line = line.strip()
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
        elif ": " in line:
            k, v = line.split(": ", 1)
            if v.strip().isdigit():
                out[k.strip()] = int(v)
    return out, total


def stockfish_divide(binary, fen, depth):
    p = subprocess.run([binary], input="position fen %s\ngo perft %d\nquit\n" % (fen, depth),
                       capture_output=True, text=True, timeout=300)
    return divide(p.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    a = ap.parse_args()
    sf = shutil.which("stockfish") or "/usr/games/stockfish"
    if not shutil.which(sf):
        print("stockfish not found: the README's test command installs it (apt-get install stockfish)")
        return 1
    failed = 0
    for fen, depth in POSITIONS:
        ours = divide(subprocess.run([a.engine, "perft", "--variant", "chess", "--fen", fen, "--depth", str(depth)],
                                     capture_output=True, text=True, timeout=300).stdout)
        theirs = stockfish_divide(sf, fen, depth)
        ok = ours == theirs and ours[1] is not None
        failed += not ok
        print("%s depth %d: evochess %s, stockfish %s %s" % (fen, depth, ours[1], theirs[1], "ok" if ok else "DIFFER"))
        if not ok:
            for k in sorted(set(ours[0]) | set(theirs[0])):
                if ours[0].get(k) != theirs[0].get(k):
                    print("   %s: evochess %s stockfish %s" % (k, ours[0].get(k), theirs[0].get(k)))
    print("%d passed, %d failed" % (len(POSITIONS) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
