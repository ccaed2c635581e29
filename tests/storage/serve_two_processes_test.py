#!/usr/bin/env python3
"""Two `evochess serve` processes on one PostgreSQL, on different ports (issue 18, "several
processes at once"): an online game made on A and joined on B is played with moves sent to A
and B in turn; an event stream opened on A sees each move made on B promptly (waited for
with a timeout, never a fixed sleep); two moves for one ply sent to both at once are taken
exactly once; the game ends identical through both. The lobby: a seek made on A appears on a
lobby stream on B, is accepted on B, and its maker's lobby stream on A is told the game with
a seat. Starts its own PostgreSQL
(postgres_test_server.sh). Prints 'N passed, N failed'."""
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
from serve_harness import call, check, clean_up, finish, start, stop_gracefully

PG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgres_test_server.sh")
PROMPTLY_S = 5  # a move made on B is on A's stream well within this
class Stream:
    """A game's event stream, read on a thread: the SAN moves it has shown so far, kept by
    applying each change to the first state (docs/api.md "Live updates")."""

    def __init__(self, port, gid):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/api/games/%d/events" % gid)
        self.response = self.conn.getresponse()
        self.updates = queue.Queue()
        self.sans = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        event, data = None, ""
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    data += line[6:]
                elif line == "":
                    if data:
                        self.updates.put((event, json.loads(data)))
                    event, data = None, ""
        except Exception:
            pass

    def wait_for_plies(self, count, timeout):
        deadline = time.monotonic() + timeout
        while len(self.sans) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                event, data = self.updates.get(timeout=left)
            except queue.Empty:
                break
            if event is None and "state" in data:
                self.sans = [ply["san"] for ply in data["state"]["history"]]
            elif event == "change":
                self.sans = self.sans[:data["from_ply"]] + [m["san"] for m in data["moves"]]
        return self.sans

    def close(self):
        self.conn.close()


class LobbyStream:
    """A lobby stream (docs/api.md "The lobby stream") of the visitor with `cookie`, read on a
    thread: its messages, waited for by type with a timeout."""

    def __init__(self, port, cookie):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/api/lobby/events", headers={"Cookie": cookie})
        self.response = self.conn.getresponse()
        self.messages = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    self.messages.put(json.loads(line[6:]))
        except Exception:
            pass

    def wait_for(self, kind, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if message.get("type") == kind:
                return message
        return None

    def close(self):
        self.conn.close()


def visitor_call(port, method, path, cookie, body=None):
    """(status, JSON) of one request by the visitor with `cookie`."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers={"Cookie": cookie})
    r = c.getresponse()
    answer = json.loads(r.read().decode() or "null")
    c.close()
    return r.status, answer


def comparable(state):
    # Presence (spectators, away) is each process's own: the rest is the database's.
    return {k: v for k, v in state.items() if k not in ("spectators", "away", "seat")}


pg_dir = tempfile.mkdtemp(prefix="evochess-pg-", dir="/tmp")
data = tempfile.mkdtemp(prefix="evochess-serve-two-test-")
servers, stream = [], None
try:
    subprocess.run([PG, "init", pg_dir], check=True)
    uri = "postgresql://evochess@/postgres?host=%s&port=5432" % pg_dir
    a, port_a, _ = start(BIN, uri, data)
    servers.append(a)
    b, port_b, _ = start(BIN, uri, data)
    servers.append(b)

    status, game, _ = call(port_a, "POST", "/api/games", {"variant": "chess", "online": True,
                                                       "colour": "w"})
    check(status == 201, "an online game made on A: %d" % status)
    gid, white = game["id"], game["seat"]["token"]
    invite = game["invite"].split("invite=")[1]
    status, joined, _ = call(port_b, "POST", "/api/games/%d/join" % gid, {"invite": invite})
    check(status == 200 and joined["seat"]["colour"] == "b", "joined on B: %d" % status)
    black = joined["seat"]["token"]

    stream = Stream(port_a, gid)
    check(stream.wait_for_plies(0, PROMPTLY_S) == [], "a stream opened on A")
    moves = [("e2e4", port_a, white), ("e7e5", port_b, black), ("g1f3", port_a, white),
             ("b8c6", port_b, black), ("f1b5", port_a, white), ("a7a6", port_b, black)]
    played = []
    for uci, port, token in moves:
        status, state, _ = call(port, "POST", "/api/games/%d/moves" % gid, {"uci": uci}, token)
        played = [ply["san"] for ply in state["history"]] if status == 200 else played
        check(status == 200 and len(played) == len(moves[:moves.index((uci, port, token)) + 1]),
              "%s sent to %s: %d %s" % (uci, "A" if port == port_a else "B", status,
                                        played if status == 200 else state))
        begun = time.monotonic()
        seen = stream.wait_for_plies(len(played), PROMPTLY_S)
        check(seen == played, "A's stream shows %s after %.0f ms: %s" %
              (uci, (time.monotonic() - begun) * 1000, seen))

    # The same ply sent to both processes at once: exactly one is taken.
    answers = []
    threads = [threading.Thread(target=lambda p, u: answers.append(
        call(p, "POST", "/api/games/%d/moves" % gid, {"uci": u}, white)), args=(p, u))
        for p, u in [(port_a, "b5a4"), (port_b, "b5c6")]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(sorted(status for status, _, _ in answers) == [200, 409],
          "one ply sent to A and B at once: %s" % [status for status, _, _ in answers])
    winner = next(state for status, state, _ in answers if status == 200)
    played = [ply["san"] for ply in winner["history"]]
    check(stream.wait_for_plies(len(played), PROMPTLY_S) == played,
          "A's stream shows the ply taken: %s" % played[-1:])

    status, resigned, _ = call(port_b, "POST", "/api/games/%d/resign" % gid, {}, black)
    check(status == 200 and resigned["result"] == "1-0", "Black resigns on B: %d" % status)
    _, on_a, _ = call(port_a, "GET", "/api/games/%d" % gid)
    _, on_b, _ = call(port_b, "GET", "/api/games/%d" % gid)
    check(on_a["result"] == "1-0" and comparable(on_a) == comparable(on_b),
          "the final state is the same through A and B (version %s on A, %s on B)" %
          (on_a.get("version"), on_b.get("version")))

    # The lobby across the two processes.
    maker, taker = "evo_visitor=" + "a" * 64, "evo_visitor=" + "b" * 64
    maker_lobby, taker_lobby = LobbyStream(port_a, maker), LobbyStream(port_b, taker)
    lobbies = [maker_lobby, taker_lobby]
    check(maker_lobby.wait_for("seeks", PROMPTLY_S) is not None and
          taker_lobby.wait_for("seeks", PROMPTLY_S) is not None, "lobby streams on A and B")
    status, made = visitor_call(port_a, "POST", "/api/seeks", maker,
                                {"variant": "chess", "colour": "w"})
    check(status == 201, "a seek made on A: %d" % status)
    added = taker_lobby.wait_for("seek_added", PROMPTLY_S)
    check(added is not None and added["seek"]["id"] == made["id"],
          "B's lobby stream shows the seek made on A: %s" % added)
    status, accepted = visitor_call(port_b, "POST", "/api/seeks/%d/accept" % made["id"], taker)
    check(status == 201 and accepted["seat"]["colour"] == "b", "accepted on B: %d" % status)
    told = maker_lobby.wait_for("game", PROMPTLY_S)
    check(told is not None and told["id"] == accepted["id"] and told["seat"]["colour"] == "w",
          "the maker's lobby stream on A is told the game with a seat: %s" % told)
    removed = taker_lobby.wait_for("seek_removed", PROMPTLY_S)
    check(removed == {"type": "seek_removed", "id": made["id"], "reason": "accepted"},
          "B's lobby stream: the seek was accepted: %s" % removed)
    if told:
        status, _, _ = call(port_a, "POST", "/api/games/%d/moves" % told["id"], {"uci": "e2e4"},
                            told["seat"]["token"])
        check(status == 200, "the seat the stream told plays on A: %d" % status)

    stop_gracefully(servers)
finally:
    if stream:
        stream.close()
    for lobby in locals().get("lobbies", []):
        lobby.close()
    clean_up(servers, PG, pg_dir, data)

finish()
