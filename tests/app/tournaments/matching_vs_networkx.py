#!/usr/bin/env python3
"""The arena's matching (src/app/tournaments/min_cost_matching) against networkx's
max_weight_matching(maxcardinality=True), Joris van Rantwijk's reference code, on random
graphs of up to 100 vertices, beyond what an exhaustive search reaches: the same number of
pairs and the same total cost. Exits 77 (skipped) without networkx.

    matching_vs_networkx.py --driver build/tests/app/tournaments_matching_driver [--graphs N (100)]
"""
import argparse
import random
import subprocess
import sys

try:
    import networkx as nx
except ImportError:
    print("networkx is not installed: skipped")
    sys.exit(77)


def random_graph(rng):
    n = rng.randint(2, 100)
    forbidden = rng.choice([0.0, 0.05, 0.3, 0.7])
    ties = rng.random() < 0.3
    ratings = [rng.randint(800, 2400) for _ in range(n)]
    edges = []
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < forbidden:
                continue
            if ties:
                cost = rng.randint(0, 5)
            else:  # the arena's shape: rank distance x factor + rating distance
                cost = (b - a) * (300 + 1700 * (n - a) // n) + abs(ratings[a] - ratings[b])
            edges.append((a, b, cost))
    return n, edges


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--driver", required=True)
    parser.add_argument("--graphs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    graphs = [random_graph(rng) for _ in range(args.graphs)]
    text = "".join(f"{n} {len(edges)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in edges)
                   for n, edges in graphs)
    out = subprocess.run([args.driver], input=text, capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    if len(lines) != len(graphs):
        print(f"the driver answered {len(lines)} graphs of {len(graphs)}")
        return 1
    failures = 0
    for index, ((n, edges), line) in enumerate(zip(graphs, lines)):
        mates = [int(x) for x in line.split()]
        cost_of = {(a, b): c for a, b, c in edges}
        pairs, cost = 0, 0
        for v, m in enumerate(mates):
            if m < 0 or m < v:
                continue
            if mates[m] != v or (v, m) not in cost_of:
                print(f"graph {index}: {v}-{m} is no pair of the graph")
                failures += 1
                break
            pairs += 1
            cost += cost_of[(v, m)]
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_weighted_edges_from((a, b, -c) for a, b, c in edges)
        reference = nx.max_weight_matching(graph, maxcardinality=True)
        reference_cost = sum(cost_of[(min(a, b), max(a, b))] for a, b in reference)
        if (pairs, cost) != (len(reference), reference_cost):
            print(f"graph {index} ({n} vertices, {len(edges)} edges): {pairs} pairs cost {cost},"
                  f" networkx {len(reference)} pairs cost {reference_cost}")
            failures += 1
    print(f"{len(graphs) - failures} of {len(graphs)} graphs equal networkx's optimum")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
