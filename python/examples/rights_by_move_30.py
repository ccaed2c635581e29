"""The distribution of evolution rights earned by move 30 over self-play games
(docs/python.md).

Each game opens with a few random moves (seeded) for variety, then the engine plays both
sides with a small node budget. A minor right is earned when a side's pawn-move counter
wraps round (every N pawn moves) and a rook right when its capture counter wraps (every K
piece captures), so rights later spent (or expired, in EChess) still count.

    python3 python/examples/rights_by_move_30.py --games 4
"""

import argparse
import random
from collections import Counter

import evochess


def earned(before, after):
    """Rights a move earned: the counters that wrapped round."""
    return (int(after.pawn_moves < before.pawn_moves), int(after.captures < before.captures))


def self_play(engine, variant, rng, moves, random_plies, nodes):
    game = evochess.Game(variant)
    rights = {"w": [0, 0], "b": [0, 0]}
    for ply in range(2 * moves):
        if game.result().over:
            break
        before = game.position
        if ply < random_plies:
            move = rng.choice(game.legal_moves())
        else:
            move = engine.analyse(game, nodes=nodes).best_move
        game.push(move)
        after = game.position
        side = before.turn
        minor, rook = earned(before.counters(side), after.counters(side))
        rights[side][0] += minor
        rights[side][1] += rook
    return rights


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant", default="evochess")
    parser.add_argument("--moves", type=int, default=30, help="count up to this move")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=2000, help="engine nodes per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engine = evochess.Engine(hash_mb=8)
    minor, rook = Counter(), Counter()
    for _ in range(args.games):
        engine.new_game()
        rights = self_play(engine, args.variant, rng, args.moves, args.random_plies, args.nodes)
        for side in "wb":
            minor[rights[side][0]] += 1
            rook[rights[side][1]] += 1

    sides = 2 * args.games
    print(f"{args.variant}: rights earned by move {args.moves}, {args.games} games "
          f"({sides} sides)")
    print("rights  minor (sides)  rook (sides)")
    for n in range(max(max(minor), max(rook)) + 1):
        print(f"{n:6}  {minor[n]:13}  {rook[n]:12}")
    print(f"mean    {sum(k * v for k, v in minor.items()) / sides:13.2f}  "
          f"{sum(k * v for k, v in rook.items()) / sides:12.2f}")


if __name__ == "__main__":
    main()
