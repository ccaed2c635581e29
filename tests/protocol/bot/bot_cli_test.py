#!/usr/bin/env python3
"""`evochess bot` and `evochess serve --house-bots` as a user runs them (issue 45): the house
bot comes online as EvoBot-Beginner, a bot run by `evochess bot` challenges it and the two
play a rated EvoChess game to its end through the Bot API; both programs stop at once on
SIGTERM with status 0; bad arguments and a refused token end `evochess bot` with status 2
and a clear message that never shows the token. Prints 'N passed, N failed'."""
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

BIN = sys.argv[sys.argv.index("--engine") + 1]
results = {"passed": 0, "failed": 0}


def check(ok, what):
    results["passed" if ok else "failed"] += 1
    print(("ok - " if ok else "FAIL - ") + what)


def call(port, method, path, body=None, headers=None, form=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = form
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    c.request(method, path, body=data, headers=headers)
    r = c.getresponse()
    text = r.read().decode()
    cookie = r.getheader("Set-Cookie", "")
    c.close()
    parsed = json.loads(text) if text.startswith(("{", "[")) else text
    return r.status, parsed, cookie


class Output:
    """A process's output, read on a thread so that it never blocks on a full pipe."""

    def __init__(self, proc):
        self.lines = []
        self.thread = threading.Thread(target=self.read, args=(proc,), daemon=True)
        self.thread.start()

    def read(self, proc):
        for line in proc.stdout:
            self.lines.append(line)

    def wait_for(self, text, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if any(text in line for line in self.lines):
                return True
            time.sleep(0.05)
        return False

    def text(self):
        return "".join(self.lines)


def serve(*args):
    """`evochess serve` on a free port of the loopback: the process, its port, its output."""
    proc = subprocess.Popen([BIN, "serve", "--port", "0", "--data", work, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    while line and "listening on" not in line:
        line = proc.stdout.readline()
    port = int(line.split("listening on http://")[1].split("/")[0].rsplit(":", 1)[1])
    return proc, port, Output(proc)


work = tempfile.mkdtemp(prefix="evochess-bot-test-")
server, port, serve_out = serve("--house-bots", "1")
origin = {"Origin": "http://127.0.0.1:%d" % port}

check(serve_out.wait_for("bot EvoBot-Beginner: online", 30), "the house bot comes online")
status, online, _ = call(port, "GET", "/api/bot/online")
check(status == 200 and "EvoBot-Beginner" in str(online), "it is listed among the online bots")
check(isinstance(online, dict) and online.get("house") is True,
      "the server marks it as one of the site's own bots")

# A person's account becomes a bot through `evochess bot`.
status, _, cookie = call(port, "POST", "/api/accounts",
                         {"name": "visitor", "password": "battery staple"}, origin)
session = cookie.split(";")[0]
status, made, _ = call(port, "POST", "/api/tokens",
                       {"description": "cli", "scopes": ["bot:play", "challenge:write"]},
                       dict(origin, Cookie=session))
check(status == 201, "a token is made")
token = made["token"]
token_file = os.path.join(work, "token")
with open(token_file, "w") as f:
    f.write(token + "\n")

bot = subprocess.Popen([BIN, "bot", "--server", "http://127.0.0.1:%d" % port, "--token-file",
                        token_file, "--level", "1", "--variants", "evochess"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
bot_out = Output(bot)
check(bot_out.wait_for("online for evochess", 30), "`evochess bot` comes online")

auth = {"Authorization": "Bearer " + token}
status, challenge, _ = call(port, "POST", "/api/challenge/EvoBot-Beginner", headers=auth,
                            form="rated=true&variant=evochess&clock.limit=60&clock.increment=1")
check(status == 200, "the house bot is challenged")
game_id = challenge.get("id", "") if isinstance(challenge, dict) else ""
ended = bot_out.wait_for("game %s over" % game_id, 120)
check(ended, "the game is played to its end")
if not ended:
    print(bot_out.text() + serve_out.text())
check(serve_out.wait_for("bot EvoBot-Beginner: game %s over" % game_id, 30),
      "the house bot saw it end")
status, account, _ = call(port, "GET", "/api/account", headers=auth)
check(status == 200 and account["perfs"]["evochess"]["games"] == 1, "the game was rated")
check(account.get("title") == "BOT", "the account became a bot")
logs = bot_out.text() + serve_out.text()
check(token not in logs, "no token in either log")
check(" move " not in bot_out.text() and "resigning" not in logs, "no move was refused")

def terminated(proc, seconds):
    """SIGTERM, then the exit status (None if it had to be killed)."""
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        return None


# SIGTERM: both end at once, with status 0.
started = time.monotonic()
code = terminated(bot, 20)
check(code == 0, "`evochess bot` stops on SIGTERM with status 0 (%s)" % code)
code = terminated(server, 30)
check(code == 0, "the server stops its house bots and itself (%s)" % code)
check(time.monotonic() - started < 30, "both stop at once")


def bot_run(*args, env=None):
    done = subprocess.run([BIN, "bot", *args], capture_output=True, text=True, timeout=60,
                          env=env)
    return done.returncode, done.stderr


code, err = bot_run("--server", "https://lichess.org", "--token-file", token_file)
check(code == 2 and "https is not spoken here" in err, "an https address is refused clearly")
code, err = bot_run("--server", "http://127.0.0.1:1", "--token-file", "/nonexistent/token")
check(code == 2 and "cannot read the token file" in err, "a missing token file is named")
env = {k: v for k, v in os.environ.items() if k != "EVOCHESS_BOT_TOKEN"}
code, err = bot_run("--server", "http://127.0.0.1:1", env=env)
check(code == 2 and "no token" in err, "no token at all is said so")
code, err = bot_run("--server", "http://127.0.0.1:1", "--token-file", token_file)
check(code == 2 and "cannot reach the server" in err and token not in err,
      "a server that is not there is said so, without the token")
code, err = bot_run("--play", "atomic", "--token-file", token_file)
check(code == 2 and "unknown variant 'atomic'" in err, "an unknown variant is named")

# A revoked or unknown token against a live server: refused, status 2.
server, port, _ = serve()
wrong = os.path.join(work, "wrong")
with open(wrong, "w") as f:
    f.write("evo_" + "0" * 32 + "\n")
code, err = bot_run("--server", "http://127.0.0.1:%d" % port, "--token-file", wrong)
check(code == 2 and "refused the token" in err and "0" * 32 not in err,
      "an unknown token is refused, without showing it")
terminated(server, 30)

shutil.rmtree(work, ignore_errors=True)
print("%d passed, %d failed" % (results["passed"], results["failed"]))
sys.exit(1 if results["failed"] else 0)
