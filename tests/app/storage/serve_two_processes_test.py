#!/usr/bin/env python3
"""Two `evochess serve` processes on one PostgreSQL, on different ports (issue 18, "several
processes at once"): an online game made on A and joined on B is played with moves sent to A
and B in turn; an event stream opened on A sees each move made on B promptly (waited for
with a timeout, never a fixed sleep); two moves for one ply sent to both at once are taken
exactly once; a rolling restart (B stopped with SIGTERM, its stream ended, the game played on
through A, a new B) and A killed with -9 lose no acknowledged move; the game ends identical
through both; a flag that falls while nobody is connected is called once. The lobby: a seek
made on A appears on a lobby stream on B, is accepted on B, and its maker's lobby stream on A
is told the game with a seat. Starts its own PostgreSQL (postgres_test_server.sh). Prints 'N passed, N failed'."""
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

BIN = sys.argv[sys.argv.index("--engine") + 1]
from serve_harness import (LobbyStream, Stream, call, check, clean_up, finish, start,
                           stop_gracefully, visitor_call)

PG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgres_test_server.sh")
PROMPTLY_S = 5  # a move made on B is on A's stream well within this


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

    def play_on(port, uci, token, where):
        global played
        status, state, _ = call(port, "POST", "/api/games/%d/moves" % gid, {"uci": uci}, token)
        check(status == 200 and len(state["history"]) == len(played) + 1,
              "%s sent to %s: %d" % (uci, where, status))
        if status == 200:
            played = [ply["san"] for ply in state["history"]]

    # A rolling restart: B stops with SIGTERM (its streams end, so their pages reconnect to
    # A), the game goes on through A, then a new B carries on with it.
    stream_b = Stream(port_b, gid)
    check(stream_b.wait_for_plies(len(played), PROMPTLY_S) == played, "a stream opened on B")
    b.send_signal(signal.SIGTERM)
    check(b.wait(timeout=20) == 0 and stream_b.ended.wait(PROMPTLY_S),
          "B stops with SIGTERM (exit 0) and ends its stream")
    check(stream_b.last_event == "reconnect" and stream_b.retry_ms is not None and
          stream_b.retry_ms <= 1000,
          "B's stream is told to reconnect soon (event %s, retry %s ms)" %
          (stream_b.last_event, stream_b.retry_ms))
    stream_b.close()
    play_on(port_a, "g8f6", black, "A while B is down")
    check(stream.wait_for_plies(len(played), PROMPTLY_S) == played, "A's stream goes on")
    b, port_b, _ = start(BIN, uri, data)
    servers.append(b)
    play_on(port_b, "d2d3", white, "the new B")
    check(stream.wait_for_plies(len(played), PROMPTLY_S) == played,
          "A's stream shows the move made on the new B")

    # A killed with -9 mid-game: every move it acknowledged is kept, and B goes on.
    play_on(port_a, "f8e7", black, "A")
    a.kill()
    a.wait()
    stream.close()
    _, on_b, _ = call(port_b, "GET", "/api/games/%d" % gid)
    check([ply["san"] for ply in on_b["history"]] == played,
          "after kill -9 of A, B has every acknowledged move (%d plies)" % len(played))
    a, port_a, _ = start(BIN, uri, data)
    servers.append(a)

    status, resigned, _ = call(port_b, "POST", "/api/games/%d/resign" % gid, {}, black)
    check(status == 200 and resigned["result"] == "1-0", "Black resigns on B: %d" % status)
    _, on_a, _ = call(port_a, "GET", "/api/games/%d" % gid)
    _, on_b, _ = call(port_b, "GET", "/api/games/%d" % gid)
    check(on_a["result"] == "1-0" and comparable(on_a) == comparable(on_b),
          "the final state is the same through A and B (version %s on A, %s on B)" %
          (on_a.get("version"), on_b.get("version")))

    # A flag that falls while nobody is connected is called once, by one of the two.
    status, timed, _ = call(port_a, "POST", "/api/games", {
        "variant": "chess", "online": True, "colour": "w",
        "clock": {"initial_ms": 1500, "increment_ms": 0}})
    tid, timed_white = timed["id"], timed["seat"]["token"]
    status, timed_joined, _ = call(port_b, "POST", "/api/games/%d/join" % tid,
                                   {"invite": timed["invite"].split("invite=")[1]})
    call(port_a, "POST", "/api/games/%d/moves" % tid, {"uci": "e2e4"}, timed_white)
    status, before, _ = call(port_b, "POST", "/api/games/%d/moves" % tid, {"uci": "e7e5"},
                             timed_joined["seat"]["token"])
    deadline, flagged = time.monotonic() + 20, None
    while time.monotonic() < deadline and not flagged:
        _, seen, _ = call(port_b, "GET", "/api/games/%d" % tid)
        flagged = seen if seen["result"] else None
        time.sleep(0.2)
    check(flagged is not None and flagged["result"] == "0-1" and
          flagged["reason"] == "time forfeit" and flagged["version"] == before["version"] + 1,
          "White's flag falls with nobody connected: called once (%s, version %s after %s)" %
          (flagged and flagged["reason"], flagged and flagged["version"], before.get("version")))

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

    stop_gracefully([proc for proc in servers if proc.poll() is None])
finally:
    if stream:
        stream.close()
    for lobby in locals().get("lobbies", []):
        lobby.close()
    clean_up(servers, PG, pg_dir, data)

finish()
