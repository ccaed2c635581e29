#!/usr/bin/env python3
"""Search speed of the Python module's engine against the native binary (docs/performance.md):
a fixed-node search of each variant's start, `evochess.Engine.analyse(nodes=N)` in Python
and `go nodes N` through `evochess uci`, interleaved, best of the runs.

    PYTHONPATH=build/python python3 bench/python_search.py [--engine build/evochess]
        [--nodes 2000000] [--runs 3]
"""

import argparse
import subprocess
import time

import evochess

VARIANTS = ["chess", "evochess", "promoteking"]


def python_nps(variant, nodes):
    engine = evochess.Engine(hash_mb=16, threads=1)
    started = time.perf_counter()
    engine.analyse(evochess.Game(variant), nodes=nodes)
    return nodes / (time.perf_counter() - started)  # as for the binary, below


def native_nps(binary, variant, nodes):
    commands = (f"setoption name Hash value 16\nsetoption name UCI_Variant value {variant}\n"
                f"isready\nucinewgame\nposition startpos\n")
    process = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    process.stdin.write(commands)
    process.stdin.flush()
    for line in process.stdout:
        if line.strip() == "readyok":
            break
    started = time.perf_counter()
    process.stdin.write(f"go nodes {nodes}\n")
    process.stdin.flush()
    for line in process.stdout:
        if line.startswith("bestmove"):
            break
    elapsed = time.perf_counter() - started
    process.stdin.write("quit\n")
    process.stdin.flush()
    process.wait()
    # The info lines name the nodes of the last finished iteration, not all those searched:
    # a search stopped by its node limit has searched the limit.
    return nodes / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="build/evochess")
    parser.add_argument("--nodes", type=int, default=2000000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'variant':12} {'Python nodes/s':>15} {'native nodes/s':>15} {'native / Python':>16}")
    for variant in VARIANTS:
        python_best = native_best = 0.0
        for _ in range(args.runs):
            python_best = max(python_best, python_nps(variant, args.nodes))
            native_best = max(native_best, native_nps(args.engine, variant, args.nodes))
        print(f"{variant:12} {python_best:15,.0f} {native_best:15,.0f} "
              f"{native_best / python_best:16.2f}")


if __name__ == "__main__":
    main()
