#!/usr/bin/env python3
"""`evochess` with no arguments speaks UCI: a short session through a pipe, then the way a
GUI or match runner drives it, with each `go` sent the moment the last `bestmove` is read."""
import argparse
import queue
import resource
import subprocess
import sys
import threading


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    args = parser.parse_args()
    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()

    def pump():
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(prefix, timeout=20.0):
        seen = []
        while True:
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                proc.kill()
                sys.exit("no '%s' within %.0f s; last lines: %s" % (prefix, timeout, seen[-3:]))
            if line is None:
                sys.exit("engine closed its output while waiting for " + prefix)
            seen.append(line)
            if line.startswith(prefix):
                return seen

    send("uci")
    hash_option = [l for l in read_until("uciok") if l.startswith("option name Hash ")][0]
    # A table of gigabytes is had at once (it held isready for 38 s while 12 GB were zeroed),
    # and `go perft 0` is answered at once too (it answered nothing).
    size = min(int(hash_option.split(" max ")[1]), 8192)
    send("setoption name Hash value %d" % size)
    send("isready")
    got = read_until("readyok", timeout=5.0)
    assert got == ["readyok"], got
    send("position startpos")
    send("go perft 0")
    assert read_until("Nodes searched", timeout=5.0)[-1] == "Nodes searched: 1"
    send("setoption name Hash value 16")
    send("setoption name UCI_Variant value promoteking")
    send("isready")
    read_until("readyok")
    send("position startpos moves e2e4 e7e5")
    send("go depth 6")
    best = read_until("bestmove")[-1]
    assert best.split()[1] != "(none)", best

    # Every `go` must get its own search (info lines, then its bestmove), never a refusal
    # or a stale answer, however fast it follows the last bestmove.
    send("setoption name UCI_Variant value chess")
    for i in range(300):
        send("position startpos moves " + ("e2e4" if i % 2 == 0 else "e2e4 e7e5"))
        send("go depth 2")
        got = read_until("bestmove")
        assert any(l.startswith("info depth") for l in got), ("no search before", got[-1], i)
        assert not any(l.startswith("info string") for l in got), (got, i)
        move = got[-1].split()[1]
        assert move[1] == ("7" if i % 2 == 0 else "2") or move[1] == ("8" if i % 2 == 0 else "1"), (move, i)
    # A perft of hours runs in the background: isready is answered and quit ends it.
    send("go perft 9")
    send("isready")
    read_until("readyok")
    send("quit")
    proc.wait(timeout=30)
    assert proc.returncode == 0, proc.returncode
    print("ok:", best)
    hash_allocation_failure(args.engine)


def hash_allocation_failure(engine):
    """With the address space limited to 1 GB, a 2 GB Hash cannot be allocated: the engine
    says so, keeps its table and still searches (it used to abort on bad_alloc)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    script = "setoption name Hash value 2048\nposition startpos\ngo depth 4\nisready\nquit\n"
    p = subprocess.run([engine], input=script, capture_output=True, text=True, timeout=60,
                       preexec_fn=limit)
    assert p.returncode == 0, (p.returncode, p.stderr[-500:])
    out = p.stdout.splitlines()
    assert "info string could not allocate 2048 MB for Hash; keeping 16 MB" in out, out[:5]
    assert any(l.startswith("bestmove ") and l != "bestmove 0000" for l in out), out[-3:]


if __name__ == "__main__":
    main()
