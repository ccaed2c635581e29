#!/usr/bin/env python3
"""`evochess serve --database postgresql://...` as a user runs it (issue 18): two servers on one
PostgreSQL (no serve.lock between them) play one game, each seeing the other's moves; the
database stopped mid-game answers 503 with Retry-After and play resumes by itself once it is
back; a connection string that is wrong, or a server that is not there, is one line on stderr
(no password in it) and exit status 2. Starts its own PostgreSQL (postgres_test_server.sh).
Prints 'N passed, N failed'."""
import os
import subprocess
import sys
import tempfile

BIN = sys.argv[sys.argv.index("--engine") + 1]
from serve_harness import call, check, clean_up, finish, start, stop_gracefully

PG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgres_test_server.sh")
def sans(state):
    return [ply["san"] for ply in state["history"]]


# A wrong connection string, and a server that is not there: one line, exit 2, no password.
for database, what in [("postgresql://evo:hunter2@127.0.0.1:1/games?connect_timeout=5",
                        "a server that is not there"),
                       ("postgresql://evo:hunter2@localhost/games?nonsense=1",
                        "a connection string libpq cannot read")]:
    refused = subprocess.run([BIN, "serve", "--port", "0", "--database", database],
                             capture_output=True, text=True, timeout=60)
    lines = refused.stderr.strip().splitlines()
    check(refused.returncode == 2 and len(lines) == 1 and "hunter2" not in refused.stderr
          and "hunter2" not in refused.stdout,
          "%s: exit %s, %r" % (what, refused.returncode, refused.stderr.strip()))

pg_dir = tempfile.mkdtemp(prefix="evochess-pg-", dir="/tmp")
data = tempfile.mkdtemp(prefix="evochess-serve-pg-test-")
servers = []
try:
    subprocess.run([PG, "init", pg_dir], check=True)
    uri = "postgresql://evochess@/postgres?host=%s&port=5432" % pg_dir
    # Two servers on one database, with the same --data: the SQLite lock does not apply.
    a, port_a, line = start(BIN, uri, data)
    servers.append(a)
    check("games in PostgreSQL" in line, "the start-up line names PostgreSQL: %r" % line.strip())
    b, port_b, _ = start(BIN, uri, data)
    servers.append(b)

    status, game, _ = call(port_a, "POST", "/api/games", {"variant": "chess"})
    check(status == 201, "a game made through server A: %d" % status)
    gid = game["id"]
    call(port_a, "POST", "/api/games/%d/moves" % gid, {"uci": "e2e4"})
    status, state, _ = call(port_b, "POST", "/api/games/%d/moves" % gid, {"uci": "e7e5"})
    check(status == 200 and sans(state) == ["e4", "e5"],
          "server B plays on from A's move: %d %s" % (status, sans(state) if status == 200 else state))
    status, state, _ = call(port_a, "GET", "/api/games/%d" % gid)
    check(status == 200 and sans(state) == ["e4", "e5"], "server A sees B's move: %s" % sans(state))

    # The database goes away mid-game: 503 with Retry-After, nothing stored.
    subprocess.run([PG, "kill", pg_dir], check=True)
    status, body, response = call(port_a, "POST", "/api/games/%d/moves" % gid, {"uci": "g1f3"})
    check(status == 503 and response.getheader("Retry-After") is not None,
          "a move with the database down: %d, Retry-After %s, %s" %
          (status, response.getheader("Retry-After"), body))
    subprocess.run([PG, "start", pg_dir], check=True)
    # Back: the same move is taken, by itself, with no restart of evochess.
    status, state, _ = call(port_a, "POST", "/api/games/%d/moves" % gid, {"uci": "g1f3"})
    check(status == 200 and sans(state) == ["e4", "e5", "Nf3"],
          "the database back: the move is taken (%d %s)" % (status, state if status != 200 else sans(state)))
    status, state, _ = call(port_b, "GET", "/api/games/%d" % gid)
    check(status == 200 and sans(state) == ["e4", "e5", "Nf3"],
          "and server B reads it: %s" % (sans(state) if status == 200 else state))
    status, listing, _ = call(port_b, "GET", "/api/games?limit=10&offset=0")
    check(status == 200 and len(listing["games"] if isinstance(listing, dict) else listing) == 1,
          "the game list through B: one game")

    stop_gracefully(servers)
finally:
    clean_up(servers, PG, pg_dir, data)

finish()
