#!/usr/bin/env python3
"""One Elo scale for the playing levels, fitted to every game of their calibration.

    bench/levels_fit.py [RESULTS] [--anchor PLAYER=ELO]

RESULTS (default bench/levels-results.txt) has one match a line: `FIRST SECOND W D L`
(the first player's wins, draws and losses; `#` starts a comment). Each player, a level or
a Stockfish setting, gets one rating, by maximum likelihood under the logistic Elo model
(a draw counts half a point), with the anchor's rating held at its value. Stockfish
settings are fitted too rather than held at their UCI_Elo: weakened Stockfish picks its
move at a whole depth its UCI_Elo sets, so its strength moves in steps the labels do not
follow (docs/strength.md, "Levels"). Prints each player's rating with a 95% interval, then
each step from a level to the next with its own interval (from the fit's covariance).
"""
import math
import sys

DEFAULT_ANCHOR = ("sf1800", 1800.0)


def read_results(path):
    matches = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 5:
                sys.exit(f"{path}:{number}: expected FIRST SECOND W D L, got {line!r}")
            first, second, *wdl = fields
            w, d, l = (int(x) for x in wdl)
            matches.append((first, second, w + d / 2, w + d + l))
    return matches


def expected(diff):
    return 1 / (1 + 10 ** (-diff / 400))


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            sys.exit("the matches do not connect every player to the anchor")
        for r in range(n):
            if r != col:
                factor = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(matches, anchor, anchor_elo):
    players = sorted({p for m in matches for p in m[:2]})
    if anchor not in players:
        sys.exit(f"the anchor {anchor} played no game")
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    rating = {p: anchor_elo for p in players}
    k = math.log(10) / 400
    for _ in range(100):
        gradient = [0.0] * len(free)
        hessian = [[0.0] * len(free) for _ in free]
        for a, b, points, games in matches:
            e = expected(rating[a] - rating[b])
            g = k * (points - games * e)  # d loglik / d rating[a]
            h = k * k * games * e * (1 - e)  # - d2 loglik / d rating[a]^2
            for p, sign in ((a, 1), (b, -1)):
                if p in index:
                    gradient[index[p]] += sign * g
            for p in (a, b):
                for q in (a, b):
                    if p in index and q in index:
                        hessian[index[p]][index[q]] += h if p == q else -h
        step = solve(hessian, gradient)
        for p, i in index.items():
            rating[p] += max(-200.0, min(200.0, step[i]))
        if max(abs(s) for s in step) < 1e-6:
            break
    # The covariance is the inverse of the information matrix.
    columns = [solve(hessian, [1.0 if j == i else 0.0 for j in range(len(free))])
               for i in range(len(free))]

    def covariance(p, q):
        if p == anchor or q == anchor:
            return 0.0
        return columns[index[q]][index[p]]

    return rating, covariance


def level_steps(rating, covariance):
    """(N, step, standard error) from level N to level N+1, for the levels that were fitted."""
    steps = []
    n = 1
    while f"level{n}" in rating and f"level{n + 1}" in rating:
        a, b = f"level{n}", f"level{n + 1}"
        variance = covariance(a, a) + covariance(b, b) - 2 * covariance(a, b)
        steps.append((n, rating[b] - rating[a], math.sqrt(max(variance, 0.0))))
        n += 1
    return steps


def main(argv):
    path = "bench/levels-results.txt"
    anchor, anchor_elo = DEFAULT_ANCHOR
    args = iter(argv)
    for arg in args:
        if arg == "--anchor":
            anchor, _, value = next(args, "").partition("=")
            anchor_elo = float(value)
        else:
            path = arg
    matches = read_results(path)
    rating, covariance = fit(matches, anchor, anchor_elo)
    for p in sorted(rating, key=rating.get):
        error = math.sqrt(max(covariance(p, p), 0.0))
        interval = "anchor" if p == anchor else f"± {1.96 * error:.0f}"
        print(f"{p:14s} {rating[p]:7.0f}  {interval}")
    print()
    for n, step, error in level_steps(rating, covariance):
        print(f"level {n} -> {n + 1}: {step:+5.0f} ± {1.96 * error:.0f}")

if __name__ == "__main__":
    main(sys.argv[1:])
