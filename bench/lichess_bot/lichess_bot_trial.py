#!/usr/bin/env python3
"""lichess-bot, unmodified, against an evochess server (docs/bots.md, "lichess-bot").

Starts `evochess serve` in a temporary directory with one house bot, makes two accounts
with a bot:play token each (as a user would on the tokens page, through POST /api/tokens),
and runs two lichess-bot processes from a checkout of lichess-bot-devs/lichess-bot (not part
of this project: fetch it yourself) with their `url` pointed at the server and our engine
(`evochess uci`) as theirs. The trial challenges by hand once (LbOne the
second, the second the house bot: lichess-bot's matchmaking picks only bots that have
played), then the first's matchmaking challenges the bots online to rated chess games. It
waits until `--games` of those have ended, then checks every game through the export
(`/game/export/{id}`, read back by `evochess pgn`) and prints what it saw.

    python3 bench/lichess_bot/lichess_bot_trial.py --engine build/evochess \
        --lichess-bot /path/to/lichess-bot [--python /usr/bin/python3] [--games 3]

lichess-bot needs python-chess, PyYAML, requests, backoff and rich for the interpreter given
(`--python`); `--pythonpath` adds a directory (a python-chess checkout, say) to its path.
"""
import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def call(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    text = response.read().decode()
    cookie = response.getheader("Set-Cookie", "")
    conn.close()
    return response.status, text, cookie


class Output:
    """A process's output, read on a thread so that it never blocks on a full pipe."""

    def __init__(self, proc, log_path):
        self.lines = []
        self.log = open(log_path, "w")
        self.thread = threading.Thread(target=self.read, args=(proc,), daemon=True)
        self.thread.start()

    def read(self, proc):
        for line in proc.stdout:
            self.lines.append(line)
            self.log.write(line)
            self.log.flush()

    def has(self, text):
        return any(text in line for line in self.lines)


def bot_config(token, url, engine_dir, matchmaking):
    # Only what differs from lichess-bot's defaults (config.yml.default), in its own keys.
    return f"""token: "{token}"
url: "{url}"
engine:
  dir: "{engine_dir}"
  name: "evochess-uci"
  protocol: "uci"
  ponder: false
  uci_options:
    Hash: 16
    Threads: 1
abort_time: 30
move_overhead: 500
challenge:
  concurrency: 1
  accept_bot: true
  variants:
    - standard
  time_controls:
    - bullet
    - blitz
  modes:
    - casual
    - rated
matchmaking:
  allow_matchmaking: {"true" if matchmaking else "false"}
  challenge_variant: "standard"
  challenge_timeout: 1
  challenge_initial_time:
    - 60
  challenge_increment:
    - 1
  opponent_rating_difference: 1000
  challenge_mode: "rated"
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="the evochess binary")
    parser.add_argument("--lichess-bot", required=True, help="a lichess-bot checkout")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--pythonpath", default="")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--minutes", type=float, default=20)
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()

    engine = os.path.abspath(args.engine)
    work = tempfile.mkdtemp(prefix="evochess-lichess-bot-")
    processes = []
    try:
        server = subprocess.Popen([engine, "serve", "--port", "0", "--data", work,
                                   "--house-bots", "1"], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        processes.append(server)
        line = server.stdout.readline()
        while line and "listening on" not in line:
            line = server.stdout.readline()
        port = int(line.split("listening on http://")[1].split("/")[0].rsplit(":", 1)[1])
        server_out = Output(server, os.path.join(work, "serve.log"))
        url = f"http://127.0.0.1:{port}/"
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        print("server", url, "in", work)

        engine_dir = os.path.join(work, "engines")
        os.makedirs(engine_dir)
        wrapper = os.path.join(engine_dir, "evochess-uci")
        with open(wrapper, "w") as f:
            f.write(f"#!/bin/sh\nexec '{engine}' uci\n")
        os.chmod(wrapper, 0o755)

        bots = []
        tokens = {}
        for index, name in enumerate(["LbOne", "LbTwo"]):
            status, _, cookie = call(port, "POST", "/api/accounts",
                                     {"name": name, "password": "battery staple horse"}, origin)
            assert status in (200, 201), status
            session = cookie.split(";")[0]
            status, text, _ = call(port, "POST", "/api/tokens",
                                   {"description": "lichess-bot",
                                    "scopes": ["bot:play", "challenge:read",
                                               "challenge:write"]},
                                   dict(origin, Cookie=session))
            assert status == 201, (status, text)
            token = json.loads(text)["token"]
            tokens[name] = token
            home = os.path.join(work, name)
            os.makedirs(home)
            config = os.path.join(home, "config.yml")
            with open(config, "w") as f:
                f.write(bot_config(token, url, engine_dir, matchmaking=index == 0))
            env = dict(os.environ)
            if args.pythonpath:
                env["PYTHONPATH"] = args.pythonpath
            proc = subprocess.Popen([args.python, "lichess-bot.py", "-u", "--config", config,
                                     "--logfile", os.path.join(home, "lichess-bot.log")],
                                    cwd=args.lichess_bot, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            processes.append(proc)
            bots.append((name, proc, Output(proc, os.path.join(home, "output.log"))))

        deadline = time.monotonic() + args.minutes * 60

        def alive():
            for name, proc, _ in bots:
                if proc.poll() is not None:
                    print(f"{name}: lichess-bot stopped with {proc.returncode}")
                    raise SystemExit(1)

        def ended_games(name):
            _, text, _ = call(port, "GET", f"/api/games/user/{name}?finished=true",
                              headers={"Accept": "application/x-ndjson"})
            games = [json.loads(line) for line in text.splitlines() if line.strip()]
            return [g for g in games if g.get("status") not in ("created", "started")]

        def wait_until(what, condition):
            while time.monotonic() < deadline:
                alive()
                if condition():
                    return
                time.sleep(3)
            print("timed out waiting for", what)
            raise SystemExit(1)

        def online():
            _, text, _ = call(port, "GET", "/api/bot/online")
            return {json.loads(line)["username"] for line in text.splitlines() if line.strip()}

        wait_until("both lichess-bots online", lambda: {"LbOne", "LbTwo"} <= online())
        print("both lichess-bots upgraded their accounts and came online")
        # lichess-bot's matchmaking picks only bots with a game in the perf it seeks (its
        # own rule), so one game each by hand first (docs/bots.md).
        for challenger, challenged in [("LbOne", "LbTwo"), ("LbTwo", "EvoBot-Beginner")]:
            before = len(ended_games(challenger))
            status, text, _ = call(port, "POST", f"/api/challenge/{challenged}",
                                   {"rated": True, "clock": {"limit": 60, "increment": 1},
                                    "variant": "standard"},
                                   {"Authorization": "Bearer " + tokens[challenger]})
            assert status == 200, (status, text)
            print(f"{challenger} challenged {challenged} by hand")
            wait_until(f"{challenger}'s game against {challenged}",
                       lambda: len(ended_games(challenger)) > before)
        wait_until(f"{args.games} games of LbOne by its matchmaking",
                   lambda: len(ended_games("LbOne")) >= 1 + args.games)
        ended = ended_games("LbOne") + [g for g in ended_games("LbTwo")
                                        if "EvoBot-Beginner" in json.dumps(g["players"])]
        print(f"{len(ended)} games ended")
        problems = 0
        for game in ended:
            white = game["players"]["white"].get("user", {}).get("name")
            black = game["players"]["black"].get("user", {}).get("name")
            moves = len(game.get("moves", "").split())
            print(f"  {game['id']}: {white} - {black}, {game.get('status')}, "
                  f"winner {game.get('winner', '-')}, rated {game.get('rated')}, {moves} plies")
            status, pgn, _ = call(port, "GET", f"/game/export/{game['id']}")
            path = os.path.join(work, game["id"] + ".pgn")
            with open(path, "w") as f:
                f.write(pgn)
            read = subprocess.run([engine, "pgn", path], capture_output=True, text=True)
            if status != 200 or read.returncode != 0:
                problems += 1
                print(f"    export {status}, evochess pgn: {read.returncode} {read.stderr[:200]}")
        for name, _, output in bots:
            errors = [line for line in output.lines if "ERROR" in line or "Traceback" in line]
            print(f"{name}: {len(output.lines)} lines of output, {len(errors)} errors")
            for line in errors[:10]:
                print("   ", line.rstrip())
        faults = [line for line in server_out.lines if "fault" in line.lower()]
        print(f"server: {len(faults)} faults logged")
        if problems or faults:
            raise SystemExit(1)
    finally:
        for proc in reversed(processes):
            proc.terminate()
        for proc in reversed(processes):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        if args.keep:
            print("kept", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
