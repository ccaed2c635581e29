#!/usr/bin/env python3
"""`evochess` with variants files (docs/variants.md): check-variants, --variants for the
subcommands, and exit status 2 with a one-line error naming file, line, variant and field."""
import argparse
import os
import subprocess
import sys
import tempfile

failures = []


def check(name, cond, detail=""):
    if not cond:
        failures.append(name)
        print("FAIL %s %s" % (name, detail))
    else:
        print("ok   %s" % name)


def run(engine, *args, stdin=None):
    return subprocess.run([engine, *args], capture_output=True, text=True, timeout=120, input=stdin)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--lab", required=True)
    a = ap.parse_args()
    e, lab = a.engine, a.lab

    p = run(e, "check-variants", lab)
    check("check-variants lab.ini exit 0", p.returncode == 0, p.stderr)
    check("check-variants prints each variant", "[evo-n2k3] EvoChess N2 K3" in p.stdout, p.stdout[:300])
    check("check-variants prints the start FEN",
          "  start: 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0" in p.stdout)
    check("check-variants perft 1-4", "  perft 4: " in p.stdout and "  perft 5: " not in p.stdout)
    check("check-variants summary", "19 variants ok" in p.stdout, p.stdout[-200:])

    with tempfile.TemporaryDirectory() as tmp:
        # RULES 2.3 with N = 2 (hand count in tests/variants/variant_perft_test.cpp): 10.
        own = os.path.join(tmp, "own.ini")
        with open(own, "w") as f:
            f.write("[mine:evochess]\nminor_right_pawn_moves = 2\nrook_right_captures = 3\n")
        fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1,0,0,0/0,0,0,0"
        p = run(e, "perft", "--variants", own, "--variant", "mine", "--fen", fen, "--depth", "1")
        check("perft --variants", p.returncode == 0 and "Nodes searched: 10" in p.stdout, p.stdout + p.stderr)
        p = run(e, "--variants", own, "perft", "--variant", "mine", "--fen", fen, "--depth", "1")
        check("--variants before the subcommand", p.returncode == 0 and "Nodes searched: 10" in p.stdout)
        p = run(e, "moves", "--variants", own, "--variant", "mine", "--fen", fen)
        check("moves --variants", p.returncode == 0 and "e2e4n e4=N" in p.stdout, p.stdout)
        p = run(e, "perft", "--variant", "mine", "--depth", "1")
        check("unknown without --variants: exit 2", p.returncode == 2 and "unknown variant 'mine'" in p.stderr)

        bad = os.path.join(tmp, "bad.ini")
        with open(bad, "w") as f:
            f.write("[ok:evochess]\n\n[broken:evochess]\nrook_right_captures = many\n")
        for args in (["check-variants", bad], ["perft", "--variants", bad, "--depth", "1"],
                     ["uci", "--variants", bad]):
            p = run(e, *args, stdin="quit\n")
            lines = p.stderr.strip().split("\n")
            check("bad file exit 2: " + args[0], p.returncode == 2, p.returncode)
            check("bad file one line naming file, line, variant, field: " + args[0],
                  len(lines) == 1 and lines[0].startswith("error: " + bad + ":4: variant 'broken', "
                                                          "field 'rook_right_captures': 'many'"),
                  p.stderr)
        # evochess balance: a tiny self-play run of a loaded variant, table and plot.
        svg = os.path.join(tmp, "balance.svg")
        p = run(e, "balance", "--variants", own, "--variant", "mine", "--variant", "evochess",
                "--games", "2", "--nodes", "300", "--concurrency", "2", "--plot", svg)
        check("balance exit 0", p.returncode == 0, p.stderr)
        check("balance table row per variant",
              any(l.startswith("mine ") and " 2 " in l for l in p.stdout.split("\n")) and
              any(l.startswith("evochess ") for l in p.stdout.split("\n")), p.stdout)
        check("balance decisive-by-length table", "decisive results by game length" in p.stdout)
        check("balance no progress bar when stderr is not a tty", "[=" not in p.stderr, p.stderr)
        check("balance plot written", os.path.exists(svg) and "<svg" in open(svg).read())
        p = run(e, "balance", "--variant", "nope", "--games", "2", "--nodes", "300")
        check("balance unknown variant exit 2", p.returncode == 2 and "unknown variant 'nope'" in p.stderr)
        p = run(e, "check-variants", os.path.join(tmp, "missing.ini"))
        check("missing file exit 2", p.returncode == 2 and "missing.ini" in p.stderr, p.stderr)
        # Issue 47, M5: a directory or a device is refused in one line, not read or aborted on.
        p = run(e, "check-variants", tmp)
        check("a directory: exit 2, one line", p.returncode == 2 and "a directory, not a file" in p.stderr
              and p.stderr.count("\n") == 1, p.stderr)
        if os.path.exists("/dev/zero"):
            p = run(e, "check-variants", "/dev/zero")
            check("/dev/zero: exit 2, one line", p.returncode == 2 and "not a regular file" in p.stderr
                  and p.stderr.count("\n") == 1, p.stderr)
            p = run(e, stdin="uci\nsetoption name VariantPath value /dev/zero\n"
                    "setoption name EvalFile value /dev/zero\nisready\nquit\n")
            check("UCI VariantPath and EvalFile /dev/zero refused, the engine answers",
                  "info string VariantPath: /dev/zero: not a regular file" in p.stdout
                  and "not a regular file" in p.stdout.split("VariantPath: /dev/zero")[1]
                  and "readyok" in p.stdout, p.stdout[-500:])

    # The UCI engine with --variants plays a loaded variant.
    p = run(e, "--variants", lab, stdin="uci\nsetoption name UCI_Variant value echess-n2k1\n"
            "position startpos moves e2e4\ngo depth 3\nisready\nquit\n")
    check("uci --variants lists the loaded names", "var echess-n2k1" in p.stdout)
    check("uci --variants plays a loaded variant", "bestmove " in p.stdout, p.stdout[-300:])

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
