#!/usr/bin/env python3
"""A misbehaving UCI engine for the match referee's tests.

fake_uci_engine.py MODE [MOVE ...]

It plays the given UCI moves by ply (the move at index = number of moves already played);
when it has none left, or from the start, it does what MODE says:
  script        answer 'bestmove 0000' (never reached in a finished scripted game)
  illegal       answer a move no position allows: the king from its square to the far rank
  crash         exit with status 3 instead of answering
  crash-child   start a child that keeps our stdout open, then exit with status 3
                (writes the child's pid to $FAKE_ENGINE_CHILD_PID_FILE)
  hang          never answer, and ignore SIGTERM: only SIGKILL ends it
  no-uciok      never answer 'uci'
UCI_Variant is offered for every variant, so the fake can stand in any variant.
"""
import os
import signal
import subprocess
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "script"
script = sys.argv[2:]
plies = 0
white_to_move = True


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def on_position(words):
    global plies, white_to_move
    moves = words[words.index("moves") + 1:] if "moves" in words else []
    plies = len(moves)
    white_to_move = True
    if "fen" in words:
        white_to_move = words[words.index("fen") + 2] == "w"
    if plies % 2:
        white_to_move = not white_to_move


def on_go():
    if plies < len(script):
        send("bestmove " + script[plies])
    elif mode == "illegal":
        send("bestmove " + ("e1e8" if white_to_move else "e8e1"))
    elif mode == "crash":
        sys.exit(3)
    elif mode == "crash-child":
        child = subprocess.Popen(["sleep", "1000"], stdout=sys.stdout)
        pid_file = os.environ.get("FAKE_ENGINE_CHILD_PID_FILE")
        if pid_file:
            with open(pid_file, "w") as f:
                f.write(str(child.pid))
        os._exit(3)
    elif mode == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            signal.pause()
    else:
        send("bestmove 0000")


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        if mode == "no-uciok":
            continue
        send("id name fake " + mode)
        send("option name Hash type spin default 16 min 1 max 1024")
        send("option name UCI_Variant type combo default chess var chess var evochess var echess var promoteking")
        send("uciok")
    elif words[0] == "isready":
        send("readyok")
    elif words[0] == "position":
        on_position(words)
    elif words[0] == "go":
        on_go()
    elif words[0] == "quit":
        break
