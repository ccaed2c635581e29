#!/usr/bin/env python3
"""lichess's API for programs on two `evochess serve` processes of one PostgreSQL (issue 45):
a token made on A works on B and, revoked on A, is refused on B at once; a challenge made on
A reaches the house bot streaming from B, which accepts it; the game is played through A's
Board API against the bot on B (its answers reach A's game stream) and ends there. Starts its
own PostgreSQL (postgres_test_server.sh). Prints 'N passed, N failed'."""
import http.client
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time

BIN = sys.argv[sys.argv.index("--engine") + 1]
from serve_harness import check, clean_up, finish, start, stop_gracefully, until

PG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgres_test_server.sh")


def call(port, method, path, body=None, headers=None, form=None):
    """(status, the answer's JSON or text, its Set-Cookie) of one request."""
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
    return r.status, (json.loads(text) if text.startswith(("{", "[")) else text), cookie


class NdjsonStream:
    """An NDJSON stream of lichess's API read on a thread: its lines as JSON, in a queue."""

    def __init__(self, port, path, token):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", path, headers={"Authorization": "Bearer " + token})
        self.response = self.conn.getresponse()
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            for raw in self.response:
                line = raw.decode().strip()
                if line:
                    self.lines.put(json.loads(line))
        except Exception:
            pass
        self.lines.put(None)

    def next_where(self, wanted, seconds):
        """The first line for which wanted(line) holds, or None by the deadline or the end."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.05, end - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                return None
            if wanted(line):
                return line
        return None

    def close(self):
        self.conn.close()


pg_dir = tempfile.mkdtemp(prefix="evochess-pg-", dir="/tmp")
data = tempfile.mkdtemp(prefix="evochess-serve-bots-test-")
servers, game_stream = [], None
try:
    subprocess.run([PG, "init", pg_dir], check=True)
    uri = "postgresql://evochess@/postgres?host=%s&port=5432" % pg_dir
    a, port_a, _ = start(BIN, uri, data)
    servers.append(a)
    b, port_b, _ = start(BIN, uri, data, ["--house-bots", "1"])
    servers.append(b)

    online = until(lambda: "EvoBot-Beginner" in str(call(port_b, "GET", "/api/bot/online")[1]),
                   30)
    check(online, "the house bot streams from B")

    origin = {"Origin": "http://127.0.0.1:%d" % port_a}
    status, _, cookie = call(port_a, "POST", "/api/accounts",
                             {"name": "anna", "password": "battery staple"}, origin)
    check(status == 201, "an account made on A: %d" % status)
    session = dict(origin, Cookie=cookie.split(";")[0])
    status, made, _ = call(port_a, "POST", "/api/tokens",
                           {"description": "board", "scopes": ["board:play"]}, session)
    check(status == 201, "a token made on A: %d" % status)
    token = made["token"]
    auth = {"Authorization": "Bearer " + token}
    status, me, _ = call(port_b, "GET", "/api/account", headers=auth)
    check(status == 200 and me.get("username") == "anna", "the token works on B: %d" % status)

    status, challenge, _ = call(port_a, "POST", "/api/challenge/EvoBot-Beginner", headers=auth,
                                form="variant=evochess&color=white&days=1")
    check(status == 200, "anna challenges the bot on A: %d" % status)
    gid = challenge.get("id", "") if isinstance(challenge, dict) else ""

    # The bot on B accepts: until then the game's stream on A is 404.
    def opened():
        global game_stream
        stream = NdjsonStream(port_a, "/api/board/game/stream/" + gid, token)
        if stream.response.status == 200:
            game_stream = stream
            return True
        stream.close()
        return False

    check(until(opened, 60), "the bot on B accepted the challenge made on A")
    if game_stream:
        full = game_stream.next_where(lambda line: line.get("type") == "gameFull", 10)
        check(full is not None and full["variant"]["key"] == "evochess"
              and full["black"]["name"] == "EvoBot-Beginner", "A streams the game against it")
        status, _, _ = call(port_a, "POST", "/api/board/game/%s/move/e2e4" % gid, headers=auth)
        check(status == 200, "anna's move on A is taken: %d" % status)
        answer = game_stream.next_where(
            lambda line: line.get("type") == "gameState" and len(line["moves"].split()) == 2, 60)
        check(answer is not None, "the bot's answer from B reaches A's game stream")
        status, _, _ = call(port_a, "POST", "/api/board/game/%s/resign" % gid, headers=auth)
        check(status == 200, "anna resigns on A: %d" % status)
        last = game_stream.next_where(lambda line: line.get("status") == "resign", 10)
        check(last is not None and last.get("winner") == "black", "the game ends, the bot the winner")

    # Revoked on A: refused on B at once.
    status, listed, _ = call(port_a, "GET", "/api/tokens", headers=session)
    tokens = listed.get("tokens", []) if status == 200 and isinstance(listed, dict) else []
    token_id = tokens[0]["id"] if tokens else ""
    status, _, _ = call(port_a, "DELETE", "/api/tokens/%s" % token_id, headers=session)
    check(status in (200, 204), "the token revoked on A: %d" % status)
    status, _, _ = call(port_b, "GET", "/api/account", headers=auth)
    check(status == 401, "B refuses the revoked token at once: %d" % status)

    stop_gracefully([proc for proc in servers if proc.poll() is None])
finally:
    if game_stream:
        game_stream.close()
    clean_up(servers, PG, pg_dir, data)

finish()
