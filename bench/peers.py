#!/usr/bin/env python3
"""Speed of evochess against Stockfish and Fairy-Stockfish, on the same work, in one run.

  peers.py perft  [--evochess PATH] [--runs N] [--quick]
  peers.py search [--evochess PATH] [--runs N]

Prints Markdown tables (median of N runs) for docs/performance.md. The shell wrappers
bench/perft-vs-peers.sh and bench/search-vs-peers.sh install the peers first.
"""
import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

EVOCHESS_START = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"

# (label, evochess variant, FEN or None for the start, depth). The standard perft suite
# (chessprogramming.org "Perft Results"), then the EvoChess start played by chess rules,
# which all three can do, and by EvoChess rules, which only evochess can.
PERFT_CASES = [
    ("chess start", "chess", None, 6),
    ("kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("position 3", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    ("position 4", "chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("position 5", "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
    ("EvoChess start, chess rules", "chess", EVOCHESS_START, 7),
    ("EvoChess start, EvoChess rules", "evochess", None, 6),
]


def find_program(name):
    return shutil.which(name) or next(
        (p for p in (f"/usr/games/{name}", f"/usr/local/games/{name}") if os.access(p, os.X_OK)), None)


def machine():
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, Linux {platform.release()}"


def version(path):
    out = subprocess.run([path], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    m = re.search(r"^id name (.*)$", out, re.M)
    return m.group(1) if m else os.path.basename(path)


class UciPeer:
    """A Stockfish-family engine kept running; perft is timed from 'go' to its answer."""

    def __init__(self, path, variant_option=False):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        if variant_option:
            self.send("setoption name UCI_Variant value chess")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        return self.read_until(prefix)[1]

    def read_until(self, prefix):
        """The lines before the first that starts with prefix, and that line."""
        seen = []
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return seen, line
            seen.append(line)
        raise RuntimeError(f"engine ended before '{prefix}'")

    def perft(self, fen, depth):
        self.send("position " + ("startpos" if fen is None else "fen " + fen))
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        elapsed = time.perf_counter() - start
        return int(line.split(":")[1]), elapsed

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def run_evochess_perft(path, variant, fen, depth):
    args = [path, "perft", "--variant", variant, "--depth", str(depth)]
    if fen:
        args += ["--fen", fen]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    return int(re.search(r"Nodes searched: (\d+)", out).group(1)), elapsed


_startup = {}


def evochess_perft(path, variant, fen, depth):
    """Perft by a fresh process, less the process's start-up (timed as perft 0): the peers
    are timed from 'go' on an engine already running."""
    if path not in _startup:
        _startup[path] = statistics.median(run_evochess_perft(path, "chess", None, 0)[1] for _ in range(5))
    nodes, elapsed = run_evochess_perft(path, variant, fen, depth)
    return nodes, max(elapsed - _startup[path], 1e-6)


def median_run(run, runs):
    results = [run() for _ in range(runs)]
    nodes = {n for n, _ in results}
    if len(nodes) != 1:
        raise RuntimeError(f"node counts differ between runs: {nodes}")
    return nodes.pop(), statistics.median(t for _, t in results)


def mnps(nodes, seconds):
    return nodes / seconds / 1e6


def perft_table(evochess, runs, quick):
    stockfish = UciPeer(find_program("stockfish"))
    fairy = UciPeer(find_program("fairy-stockfish"), variant_option=True)
    # The EvoChess start by both rule sets agrees until a minor right can first be earned
    # (White's third pawn move, ply 5): check it before timing anything.
    for depth in range(1, 5):
        counts = {evochess_perft(evochess, "evochess", None, depth)[0],
                  stockfish.perft(EVOCHESS_START, depth)[0], fairy.perft(EVOCHESS_START, depth)[0]}
        if len(counts) != 1:
            sys.exit(f"error: EvoChess start perft {depth} disagrees: {counts}")
    print("EvoChess start: evochess (EvoChess rules), stockfish and fairy-stockfish (chess rules) "
          "agree on perft 1-4.")
    print(f"evochess times exclude its process start-up ({_startup[evochess] * 1000:.0f} ms, "
          "timed as `evochess perft --depth 0`).\n")
    print("| position | depth | nodes | evochess Mn/s | stockfish Mn/s | fairy-stockfish Mn/s "
          "| evochess / stockfish | evochess / fairy-sf |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    ratios_sf, ratios_fsf = [], []
    for label, variant, fen, depth in PERFT_CASES:
        if quick:
            depth -= 1
        nodes, t_evo = median_run(lambda: evochess_perft(evochess, variant, fen, depth), runs)
        row = [label, str(depth), f"{nodes:,}", f"{mnps(nodes, t_evo):.1f}"]
        if variant == "chess":
            sf_nodes, t_sf = median_run(lambda: stockfish.perft(fen, depth), runs)
            fsf_nodes, t_fsf = median_run(lambda: fairy.perft(fen, depth), runs)
            if not nodes == sf_nodes == fsf_nodes:
                sys.exit(f"error: {label} perft {depth}: evochess {nodes}, stockfish {sf_nodes}, "
                         f"fairy-stockfish {fsf_nodes}")
            r_sf, r_fsf = t_sf / t_evo, t_fsf / t_evo
            ratios_sf.append(r_sf)
            ratios_fsf.append(r_fsf)
            row += [f"{mnps(nodes, t_sf):.1f}", f"{mnps(nodes, t_fsf):.1f}", f"{r_sf:.2f}", f"{r_fsf:.2f}"]
        else:
            row += ["—", "—", "—", "—"]  # no peer plays EvoChess rights
        print("| " + " | ".join(row) + " |")
    print(f"\nGeometric mean of the speed ratios (evochess nodes/s over the peer's): "
          f"stockfish {statistics.geometric_mean(ratios_sf):.2f}, "
          f"fairy-stockfish {statistics.geometric_mean(ratios_fsf):.2f}")
    stockfish.close()
    fairy.close()


def bench_nps(command):
    """Runs a Stockfish-style bench; returns (nodes, nodes/s) from its closing lines."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    text = result.stdout + result.stderr
    nodes = re.search(r"Nodes searched\s*:\s*(\d+)", text)
    nps = re.search(r"Nodes/second\s*:\s*(\d+)", text)
    if result.returncode != 0 or not nodes or not nps:
        raise RuntimeError(f"{' '.join(command)}: no 'Nodes searched'/'Nodes/second' in its output "
                           f"(exit {result.returncode}):\n{text[-500:]}")
    return int(nodes.group(1)), int(nps.group(1))


def search_table(evochess, runs):
    rows = []
    help_text = subprocess.run([evochess, "--help"], capture_output=True, text=True).stdout
    if re.search(r"^\s+bench\b", help_text, re.M):
        rows.append(("evochess", "evochess bench", [evochess, "bench"]))
    else:
        print(f"evochess bench: not in this build ({evochess} has no `bench` subcommand yet); "
              "only the peers are measured.\n")
    rows.append(("stockfish", "stockfish bench (16 MB hash, 1 thread, depth 13)", [find_program("stockfish"), "bench"]))
    rows.append(("fairy-stockfish", "fairy-stockfish bench (16 MB hash, 1 thread, depth 13)",
                 [find_program("fairy-stockfish"), "bench"]))
    print("| engine | command | nodes (signature) | median nodes/s | evochess / engine |")
    print("|---|---|---:|---:|---:|")
    measured = []
    for name, label, command in rows:
        results = [bench_nps(command) for _ in range(runs)]
        measured.append((name, label, results[0][0], statistics.median(n for _, n in results)))
    evo = next((nps for name, _, _, nps in measured if name == "evochess"), None)
    for name, label, nodes, nps in measured:
        ratio = f"{evo / nps:.2f}" if evo else "—"
        print(f"| {name} | `{label}` | {nodes:,} | {nps:,.0f} | {ratio} |")
    print("\nEach bench searches its own positions with its own evaluation, so only nodes/s compare, "
          "and only roughly: a node costs what each engine's evaluation costs.")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["perft", "search"])
    parser.add_argument("--evochess", default=os.path.join(os.path.dirname(__file__), "..", "build", "evochess"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="perft one ply shallower (a smoke test)")
    args = parser.parse_args()
    if not os.access(args.evochess, os.X_OK):
        sys.exit(f"error: no evochess binary at {args.evochess} (build it, or pass --evochess)")
    for peer in ("stockfish", "fairy-stockfish"):
        if not find_program(peer):
            sys.exit(f"error: {peer} is not installed (apt-get install {peer})")
    print(f"Machine: {machine()}")
    print(f"Engines: evochess {os.path.realpath(args.evochess)}; {version(find_program('stockfish'))}; "
          f"{version(find_program('fairy-stockfish'))}")
    print(f"Median of {args.runs} runs, single thread, {time.strftime('%Y-%m-%d')}.\n")
    if args.what == "perft":
        perft_table(args.evochess, args.runs, args.quick)
    else:
        search_table(args.evochess, args.runs)


if __name__ == "__main__":
    main()
