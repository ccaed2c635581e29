#!/usr/bin/env python3
"""`evochess serve` as a user runs it (issue 9, issue 10): SIGTERM during a long engine
search ends the server at once (it waited 27 s for the search); `--host` and
`--public-url` shape the links and the names the server answers to; kill -9 loses no
acknowledged move; --trust-proxy and the engine bounds (issue 17); a database a newer
release wrote is refused with exit status 2 and left as it was. Prints 'N passed, N failed'."""
import http.client
import json
import os
import shutil
import signal
import sqlite3
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


def start(*args):
    data = tempfile.mkdtemp(prefix="evochess-serve-test-")
    proc = subprocess.Popen([BIN, "serve", "--port", "0", "--data", data, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    while line and "listening on" not in line:
        line = proc.stdout.readline()
    port = int(line.split("listening on http://")[1].split("/")[0].rsplit(":", 1)[1])
    return proc, port, data


def call(port, method, path, body=None, headers=None, timeout=30):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers=headers or {})
    r = c.getresponse()
    text = r.read().decode()
    c.close()
    return r.status, (json.loads(text) if text.startswith(("{", "[")) else text)


# SIGTERM while the engine thinks for a minute: the search stops and its request is answered
# with the move found so far (a draining stop: the actions in flight finish), new connections
# are refused at once, and the server exits quickly.
proc, port, _ = start()
status, game = call(port, "POST", "/api/games", {"variant": "chess"})
answered = {}


def think():
    try:
        answered["reply"] = call(port, "POST", "/api/games/%d/engine" % game["id"],
                                 {"movetime_ms": 60000}, timeout=90)
    except Exception as failure:  # noqa: BLE001
        answered["reply"] = (None, str(failure))


searching = threading.Thread(target=think, daemon=True)
searching.start()
time.sleep(1.0)
began = time.time()
proc.send_signal(signal.SIGTERM)
try:
    code = proc.wait(timeout=10)
    took = time.time() - began
    check(code == 0 and took < 5, "SIGTERM during a 60 s search: exit %s after %.1f s" % (code, took))
except subprocess.TimeoutExpired:
    proc.kill()
    check(False, "SIGTERM during a 60 s search: still running after 10 s")
searching.join(timeout=10)
status, reply = answered.get("reply", (None, "no answer"))
check(status == 200 and isinstance(reply, dict) and len(reply.get("history", [])) == 1,
      "the search in flight at SIGTERM is answered with its move (got %s %s)" % (status, str(reply)[:120]))
try:
    call(port, "GET", "/api/info", timeout=2)
    check(False, "after SIGTERM no new connection is served")
except OSError:
    check(True, "after SIGTERM no new connection is served")

# --host and --public-url: links and accepted names.
proc, port, _ = start("--host", "0.0.0.0", "--public-url", "https://chess.example.org/")
try:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("POST", "/api/games", body=json.dumps({"online": True}),
              headers={"Host": "chess.example.org"})
    r = c.getresponse()
    body = json.loads(r.read())
    check(r.status == 201 and body["invite"].startswith("https://chess.example.org/#game="),
          "--public-url makes the invite link (%s)" % body.get("invite"))
    c.request("GET", "/api/info", headers={"Host": "evil.example"})
    r = c.getresponse()
    r.read()
    check(r.status == 403, "a Host the server was not given: 403 (got %d)" % r.status)
    c.request("POST", "/api/games", body="{}", headers={"Host": "chess.example.org"})
    r = c.getresponse()
    local = json.loads(r.read())
    c.request("POST", "/api/games/%d/moves" % local["id"], body=json.dumps({"uci": "e2e4"}),
              headers={"Host": "chess.example.org"})
    r = c.getresponse()
    r.read()
    check(r.status == 401, "open to others, a local game needs its owner's token (got %d)" % r.status)
    c.request("POST", "/api/games/%d/moves" % local["id"], body=json.dumps({"uci": "e2e4"}),
              headers={"Host": "chess.example.org", "Authorization": "Bearer " + local["token"]})
    r = c.getresponse()
    r.read()
    check(r.status == 200, "... and with it, the move is played (got %d)" % r.status)
finally:
    proc.terminate()
    proc.wait()

# Behind a proxy (--trust-proxy) the server is open to others: local games need their token,
# and one search is bounded by --max-engine-ms (issue 17).
proc, port, _ = start("--trust-proxy", "--max-engine-ms", "2000", "--engine-per-client", "1")
try:
    status, local = call(port, "POST", "/api/games", {"variant": "chess"})
    status, _ = call(port, "POST", "/api/games/%d/moves" % local["id"], {"uci": "e2e4"})
    check(status == 401, "--trust-proxy: a local game needs its owner's token (got %d)" % status)
    owner = {"Authorization": "Bearer " + local["token"]}
    status, _ = call(port, "POST", "/api/games/%d/engine/stop" % local["id"], {})
    check(status == 401, "--trust-proxy: engine/stop needs the token (got %d)" % status)
    status, _ = call(port, "POST", "/api/games/%d/engine" % local["id"], {"movetime_ms": 5000},
                     owner)
    check(status == 400, "--max-engine-ms 2000: a 5 s engine move is refused (got %d)" % status)
    status, _ = call(port, "POST", "/api/games/%d/engine" % local["id"], {"movetime_ms": 100},
                     owner)
    check(status == 200, "... and a 0.1 s one is played (got %d)" % status)
finally:
    proc.terminate()
    proc.wait()

# kill -9 after acknowledged moves: all of them are there after a restart.
proc, port, data = start()
status, game = call(port, "POST", "/api/games", {"variant": "evochess"})
moves = ["e2e4", "e7e5", "d2d4", "d7d5", "c2c4n"]
acknowledged = 0
for uci in moves:
    status, _ = call(port, "POST", "/api/games/%d/moves" % game["id"], {"uci": uci})
    acknowledged += status == 200
os.kill(proc.pid, signal.SIGKILL)
proc.wait()
proc2 = subprocess.Popen([BIN, "serve", "--port", "0", "--data", data], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
line = proc2.stdout.readline()
while line and "listening on" not in line:
    line = proc2.stdout.readline()
port = int(line.split("listening on http://")[1].split("/")[0].rsplit(":", 1)[1])
status, state = call(port, "GET", "/api/games/%d" % game["id"])
check(len(state["history"]) == acknowledged == 5,
      "kill -9 then restart: %d of %d acknowledged moves kept" % (len(state["history"]), acknowledged))
proc2.terminate()
proc2.wait()

# A database whose schema version is newer than this binary knows: refused, unchanged.
data = tempfile.mkdtemp(prefix="evochess-serve-test-")
database = os.path.join(data, "games.sqlite3")
shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                         "release_before_migrations.sqlite3"), database)
with sqlite3.connect(database) as db:
    db.execute("PRAGMA user_version = 999")
db.close()
with open(database, "rb") as f:
    before = f.read()
refused = subprocess.run([BIN, "serve", "--port", "0", "--data", data], capture_output=True,
                         text=True, timeout=30)
with open(database, "rb") as f:
    unchanged = f.read() == before
check(refused.returncode == 2 and "schema version 999" in refused.stderr and unchanged,
      "a database of a newer release: exit %s, %r, file %s" %
      (refused.returncode, refused.stderr.strip(), "unchanged" if unchanged else "CHANGED"))

print("%d passed, %d failed" % (results["passed"], results["failed"]))
sys.exit(1 if results["failed"] else 0)
