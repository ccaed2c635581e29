#!/usr/bin/env python3
"""Checks the shipped chess puzzles against Stockfish: is each solver move the only win?

  puzzles_stockfish.py [--file puzzles/chess.jsonl] [--depth 20] [--stockfish PATH]
                       [--ids ID,ID,...] [--drop]

Our own check (the puzzles unit tests with EVO_SHIPPED_PUZZLE_SAMPLE=all) replays every
puzzle with our engine at twice the verifying nodes, so it shares our search's blind spots:
a second mate one move slower can slip through. This tool asks a different, stronger
engine, at a fixed depth with MultiPV 2, at every solver move of every chess puzzle, and
applies the uniqueness rule of docs/puzzles.md ("What a puzzle is") to its scores:

- a mate puzzle: the solver's move mates within the solver moves left (a mate in 1
  is always accepted), and no other move mates within one move more;
- a material puzzle: no other move mates where the solver's move does not mate.

Stockfish's centipawns are on another scale than ours, so material margins are not
judged. Prints one line per puzzle that fails, then a summary (progress on stderr); --drop
rewrites the file without them. Chess only: Stockfish plays no variant of ours.
"""
import argparse
import json
import os
import re
import sys

from peers import UciPeer, find_program

MATE_MARGIN = 2  # a second mate this many moves slower no longer counts (docs/puzzles.md)


INFO = re.compile(r"\bmultipv (\d+) .*?\bscore (cp|mate) (-?\d+) .*?\bpv (\S+)")


def parse_lines(info_lines):
    """The last score of each MultiPV line, as {move: (kind, value)} (kind 'cp' or 'mate')."""
    lines = {}
    for text in info_lines:
        m = INFO.search(text)
        if m and "bound" not in text:  # a bound is a search still under way
            lines[int(m.group(1))] = (m.group(4), m.group(2), int(m.group(3)))
    return {move: (kind, value) for move, kind, value in lines.values()}


def judge(scores, solution, solver_moves_left, mate_puzzle):
    """None when the step keeps the rule, else why not. scores: {move: (kind, value)} from
    the side to move, holding the solution's score and at least the best other move's."""
    kind, value = scores[solution]
    mates_in = value if kind == "mate" and value > 0 else None
    others = [(k, v) for move, (k, v) in scores.items() if move != solution]
    other_mates = [v for k, v in others if k == "mate" and v > 0]
    best_other = min(other_mates) if other_mates else None
    if mate_puzzle:
        if mates_in is None:
            return "the solution does not mate"
        if mates_in == 1:
            return None
        if mates_in > solver_moves_left:
            return f"the defence holds longer: mate in {mates_in}, the line has {solver_moves_left}"
        if best_other is not None and best_other < mates_in + MATE_MARGIN:
            return f"a second mate: in {best_other} against the solution's {mates_in}"
        return None
    if best_other is not None and (mates_in is None or best_other < mates_in + MATE_MARGIN):
        return f"another move mates in {best_other}"
    return None


class Stockfish(UciPeer):
    """Stockfish searching each position afresh to a fixed depth, two lines."""

    def __init__(self, path, depth):
        super().__init__(path)
        self.depth = depth
        for name, value in (("Threads", 1), ("Hash", 64), ("MultiPV", 2)):
            self.send(f"setoption name {name} value {value}")

    def scores(self, fen, moves, searchmoves=None):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen} moves {' '.join(moves)}".rstrip())
        self.send(f"go depth {self.depth}" + (f" searchmoves {searchmoves}" if searchmoves else ""))
        info, _ = self.read_until("bestmove")
        return parse_lines(info)


def check(engine, puzzle):
    """(step, reason) of the first solver move that fails, or None."""
    mate_puzzle = "mate" in puzzle["themes"]
    moves = puzzle["moves"]
    solver_steps = list(range(1, len(moves), 2))
    for index, step in enumerate(solver_steps):
        scores = engine.scores(puzzle["fen"], moves[:step])
        solution = moves[step]
        if solution not in scores:
            scores.update(engine.scores(puzzle["fen"], moves[:step], searchmoves=solution))
        if solution not in scores:
            return step, "Stockfish gave no score for the solution"
        if len(scores) == 1:
            continue  # the only legal move
        reason = judge(scores, solution, len(solver_steps) - index, mate_puzzle)
        if reason:
            return step, reason
        if not mate_puzzle:
            break  # material puzzles: the first move is where another mate could hide
    return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", default=os.path.join(root, "puzzles", "chess.jsonl"))
    parser.add_argument("--depth", type=int, default=20)
    parser.add_argument("--stockfish", default=find_program("stockfish"))
    parser.add_argument("--ids", default="", help="only these puzzles (comma-separated ids)")
    parser.add_argument("--drop", action="store_true", help="rewrite the file without the failing puzzles")
    args = parser.parse_args()
    if not args.stockfish:
        sys.exit("no stockfish: bench/install-peers.sh installs it")
    with open(args.file) as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    wanted = set(filter(None, args.ids.split(",")))
    engine = Stockfish(args.stockfish, args.depth)
    failed = set()
    checked = 0
    for line in lines:
        puzzle = json.loads(line)
        if puzzle["variant"] != "chess" or (wanted and puzzle["id"] not in wanted):
            continue
        checked += 1
        print(f"{checked}: {puzzle['id']}", file=sys.stderr, flush=True)
        result = check(engine, puzzle)
        if result:
            failed.add(puzzle["id"])
            step, reason = result
            print(f"{puzzle['id']} move {step + 1} ({puzzle['moves'][step]}): {reason}", flush=True)
    engine.close()
    print(f"checked {checked} chess puzzles at depth {args.depth}: {len(failed)} fail the rule")
    if args.drop and failed:
        with open(args.file, "w") as f:
            f.write("".join(line + "\n" for line in lines if json.loads(line)["id"] not in failed))
        print(f"dropped {len(failed)} from {args.file}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
