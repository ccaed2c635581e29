#!/usr/bin/env python3
"""Review marks per game, as the web app's review computes them, on the engine's own games.

    bench/review_marks.py [--evochess PATH] [--variant V] [--games N] [--nodes N]
                          [--plies N] [--random-plies N] [--seed S]

Plays N self-play games over UCI (a few random plies first, seeded, then the engine at a
fixed node count a move; a game stops at mate, stalemate or --plies), then scores every
position 0..N of each game as web/src/review/gameReview.ts does (one multipv-1 search per
position, here at --nodes instead of 300 ms, a fresh hash each, so the run repeats; White's
point of view; no move in the last position: the result) and judges each move with
web/src/review/moveJudgement.ts's rule: the drop in the mover's winning chances
2 / (1 + exp(-0.00368208 * cp)) - 1 (cp clamped to +-1000, mate = +-1), 0.1 ?!, 0.2 ?, 0.3 ??.
Prints each game's marks and the totals (docs/strength.md, "Scores in pawns of each variant").
"""
import argparse
import math
import random
import subprocess
import sys


class Uci:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 8")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def legal_moves(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go perft 1")
        lines = self.wait_for("Nodes searched")
        return [line.split(":")[0] for line in lines if ": " in line and not line.startswith("info")]

    # (best move or None, score from the side to move: ("cp", n) / ("mate", n) / None)
    def search(self, moves, nodes):
        self.send("ucinewgame")
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go nodes {nodes}")
        score = None
        for line in self.wait_for("bestmove"):
            fields = line.split()
            if fields[0] == "info" and "score" in fields and " multipv 1 " in line:
                i = fields.index("score")
                score = (fields[i + 1], int(fields[i + 2]))
        best = line.split()[1]
        return (None if best in ("0000", "(none)") else best), score

    def in_check(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        checkers = self.wait_for("Checkers:")[-1]
        return checkers.strip() != "Checkers:"

    def close(self):
        self.send("quit")
        self.p.wait()


def winning_chances(score):
    kind, value = score
    if kind == "mate":
        return 1 if value > 0 else -1 if value < 0 else 0
    cp = max(-1000, min(1000, value))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def judge(before, after, mover_is_white):
    loss = (1 if mover_is_white else -1) * (winning_chances(before) - winning_chances(after))
    for threshold, mark in ((0.3, "??"), (0.2, "?"), (0.1, "?!")):
        if loss >= threshold:
            return mark
    return None


def play_game(engine, rng, args):
    moves = []
    while len(moves) < args.plies:
        if len(moves) < args.random_plies:
            legal = engine.legal_moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
            continue
        best, _ = engine.search(moves, args.nodes)
        if best is None:
            break
        moves.append(best)
    return moves


def review(engine, moves, args):
    scores = []
    for ply in range(len(moves) + 1):
        best, score = engine.search(moves[:ply], args.nodes)
        white_to_move = ply % 2 == 0
        if best is None:
            # No move: mated (the side to move lost) or stalemated (a draw).
            score = ("mate", -1) if engine.in_check(moves[:ply]) else ("cp", 0)
        kind, value = score
        scores.append((kind, value if white_to_move else -value))
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--evochess", default="build/evochess")
    parser.add_argument("--variant", default="evochess")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--random-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()

    engine = Uci(args.evochess, args.variant)
    rng = random.Random(args.seed)
    totals = {"?!": 0, "?": 0, "??": 0}
    judged = 0
    for g in range(args.games):
        moves = play_game(engine, rng, args)
        scores = review(engine, moves, args)
        marks = [judge(scores[i], scores[i + 1], i % 2 == 0) for i in range(len(moves))]
        counts = {m: marks.count(m) for m in totals}
        for m in totals:
            totals[m] += counts[m]
        judged += len(moves)
        shown = " ".join(f"{m}{'' if marks[i] is None else marks[i]}" for i, m in enumerate(moves[:24]))
        print(f"game {g + 1}: {len(moves)} moves, ?! {counts['?!']}, ? {counts['?']}, "
              f"?? {counts['??']}; cp {[s[1] if s[0] == 'cp' else s for s in scores[:12]]}...")
        print(f"  {shown}{' ...' if len(moves) > 24 else ''}")
    engine.close()
    games = max(args.games, 1)
    print(f"{args.variant}, {args.games} games, {judged} moves at {args.nodes} nodes: "
          f"?! {totals['?!']}, ? {totals['?']}, ?? {totals['??']} "
          f"({sum(totals.values()) / games:.1f} marks a game, "
          f"{100 * sum(totals.values()) / max(judged, 1):.0f}% of moves)")


if __name__ == "__main__":
    main()
