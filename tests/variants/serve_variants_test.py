#!/usr/bin/env python3
"""`evochess serve --variants FILE`: /api/info lists the loaded variant with its display name
and description (the new-game dialog's list), and a game of it can be started and played."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

failures = []


def check(name, cond, detail=""):
    print(("ok   %s" if cond else "FAIL %s %s") % ((name,) if cond else (name, detail)))
    if not cond:
        failures.append(name)


def call(base, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method="POST" if data else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    e = ap.parse_args().engine
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "mine.ini")
        with open(ini, "w") as f:
            f.write("[serve-n2k3:evochess]\ndisplay_name = Serve N2 K3\n"
                    "description = EvoChess with N = 2 and K = 3.\n"
                    "minor_right_pawn_moves = 2\nrook_right_captures = 3\n")
        server = subprocess.Popen([e, "serve", "--variants", ini, "--port", "0", "--data",
                                   os.path.join(tmp, "data")], stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            check("serve starts", m is not None, line)
            if not m:
                return 1
            base = "http://127.0.0.1:%s" % m.group(1)
            info = call(base, "/api/info")
            mine = [v for v in info["variants"] if v["name"] == "serve-n2k3"]
            check("/api/info lists the loaded variant", len(mine) == 1, info["variants"])
            if mine:
                check("with its display name", mine[0].get("display_name") == "Serve N2 K3", mine[0])
                check("with its description",
                      mine[0].get("description") == "EvoChess with N = 2 and K = 3.", mine[0])
            builtin = [v for v in info["variants"] if v["name"] == "evochess"]
            check("built-ins keep their display names",
                  builtin and builtin[0].get("display_name") == "EvoChess", builtin)
            # RULES 2.3 with N = 2: the second pawn move earns a minor right, spent at once.
            game = call(base, "/api/games", {"variant": "serve-n2k3",
                                             "players": {"w": "human", "b": "human"}})
            gid = game.get("id")
            for mv in ("e2e4", "e7e5", "d2d4n"):
                game = call(base, "/api/games/%s/moves" % gid, {"uci": mv})
            check("a game of it is played", "3NP3" in json.dumps(game), json.dumps(game)[:300])
        finally:
            server.terminate()
            server.wait(timeout=30)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
