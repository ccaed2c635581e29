#!/usr/bin/env python3
"""The CLI contract of `evochess perft` and `evochess moves` (issue: rules core, item 6):
exact output format, and a one-line error with exit status 2 on bad input."""
import argparse
import subprocess
import sys

failures = []


def check(name, cond, detail=""):
    if not cond:
        failures.append(name)
        print("FAIL %s %s" % (name, detail))
    else:
        print("ok   %s" % name)


def run(engine, *args):
    return subprocess.run([engine, *args], capture_output=True, text=True, timeout=60)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    e = ap.parse_args().engine

    p = run(e, "perft", "--variant", "chess", "--depth", "2")
    lines = p.stdout.split("\n")
    check("perft exit 0", p.returncode == 0)
    check("perft 20 root lines 'uci: n'", all(": " in l and l.split(": ")[1].isdigit() for l in lines[:20]), lines[:3])
    check("perft blank line then total", lines[20] == "" and lines[21] == "Nodes searched: 400", lines[19:23])
    check("perft nothing on stderr", p.stderr == "")

    p = run(e, "moves", "--variant", "evochess", "--fen", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0")
    lines = [l for l in p.stdout.split("\n") if l]
    check("moves 'uci san' lines", p.returncode == 0 and len(lines) == 50 and all(len(l.split()) == 2 for l in lines))
    check("moves lists evolution choice", "e2e4n e4=N" in lines)

    p = run(e, "perft", "--variant", "promoteking", "--depth", "1")
    # 20 chess moves plus Ke2, the king following the e-pawn (RULES 4.8).
    check("start position without --fen", p.returncode == 0 and "Nodes searched: 21" in p.stdout)

    bad = [
        ("unknown variant", ["perft", "--variant", "xiangqi", "--depth", "1"]),
        ("malformed FEN", ["moves", "--variant", "chess", "--fen", "rnbqkbnr/pppppppp/8/8 w"]),
        ("missing king", ["moves", "--variant", "chess", "--fen", "8/8/8/8/8/8/8/4K3 w - - 0 1"]),
        ("side not to move in check", ["moves", "--variant", "chess", "--fen", "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"]),
        ("bad seventh field", ["moves", "--variant", "evochess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x"]),
        ("Cthulhu in chess", ["moves", "--variant", "chess", "--fen", "4k3/8/8/8/8/8/8/4C3 w - - 0 1"]),
        ("negative depth", ["perft", "--variant", "chess", "--depth", "-1"]),
        ("depth not a number", ["perft", "--variant", "chess", "--depth", "x"]),
        ("unknown option", ["moves", "--bogus"]),
        ("binary garbage", ["moves", "--fen", "\x01\x02\xff".encode("latin-1").decode("latin-1")]),
    ]
    for name, args in bad:
        p = run(e, *args)
        err = p.stderr.strip().splitlines()
        check("bad input: " + name, p.returncode == 2 and len(err) == 1 and p.stdout == "",
              "rc=%d stderr=%r" % (p.returncode, p.stderr))

    print("%d passed, %d failed" % (len(bad) + 7 - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
