#!/usr/bin/env python3
"""An EvoChess arena through lichess's API on a real `evochess serve` (SQLite, issue 50): four
accounts with API tokens make and join it, are paired by the server in waves, play their games
through the Board API (a move, then a resignation), and the standings (GET
/api/tournament/{id} and /results) equal lichess's scoring applied to the event's games
(/games) by an independent count here. The server is killed (kill -9) mid-event and started
again on the same data: the event goes on and nothing is counted twice. Bad settings, a
missing scope and actions on a finished event get clear 4xx answers. Both players go berserk
in round one (once), White may not after its move in round two. The server runs a schedule
file (`serve --schedule`): its events are announced, once, also after the restart; a bad
schedule file stops `serve` with exit 2 and its line.
Prints 'N passed, N failed'."""
import http.client
import os
import shutil
import signal
import subprocess
import sys
import tempfile

BIN = sys.argv[sys.argv.index("--engine") + 1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "storage"))
from serve_harness import call_api as call, check, finish, start, until  # noqa: E402


def lichess_points(wins):
    """A player's arena score from their results in order (True a win, False a loss): 2 a
    win, 4 when their two previous games were both wins (no draws here, no berserk)."""
    points = 0
    for i, won in enumerate(wins):
        if won:
            points += 4 if i >= 2 and wins[i - 1] and wins[i - 2] else 2
    return points


data = tempfile.mkdtemp(prefix="evochess-arena-test-")
database = "sqlite:" + os.path.join(data, "games.sqlite3")
# The site's own events (`serve --schedule`): every half hour, alternately chess and EvoChess,
# announced two hours ahead (four events at any time).
schedule = os.path.join(data, "schedule.ini")
with open(schedule, "w") as out:
    out.write("[often]\nvariants = chess, evochess\nclock = 1+0\nminutes = 25\n"
              "minute = 0, 30\nannounce_hours = 2\n")
bad_schedule = os.path.join(data, "bad.ini")
with open(bad_schedule, "w") as out:
    out.write("[often]\nvariants = chess\nclock = fast\nminutes = 25\n")
server = None


def scheduled_events(port):
    status, lists, _ = call(port, "GET", "/api/tournament")
    return [t for t in lists["created"] + lists["started"] if t.get("schedule")]


try:
    refused = subprocess.run([BIN, "serve", "--port", "0", "--data", data, "--schedule",
                              bad_schedule], capture_output=True, text=True, timeout=60)
    check(refused.returncode == 2 and "bad.ini:3: field 'often.clock'" in refused.stderr,
          "a bad schedule file: exit 2, naming its line (%d %s)" % (refused.returncode,
                                                                    refused.stderr.strip()))
    server, port, _ = start(BIN, database, data, ["--schedule", schedule])
    announced = until(lambda: len(scheduled_events(port)) == 4 and scheduled_events(port), 20)
    check(bool(announced), "the schedule's four events are announced")
    if announced:
        check(all(t["createdBy"] == "evochess" and t["schedule"]["freq"] == "hourly"
                  and t["minutes"] == 25 and t["clock"] == {"limit": 60, "increment": 0}
                  for t in announced), "made by evochess, hourly, 1+0 for 25 minutes")
        check(sorted(t["variant"]["key"] for t in announced)
              == ["evochess", "evochess", "standard", "standard"], "chess and EvoChess in turn")
        starts = sorted(t["startsAt"] for t in announced)
        check(all(b - a == 30 * 60_000 for a, b in zip(starts, starts[1:])),
              "half an hour apart")
    origin = {"Origin": "http://127.0.0.1:%d" % port}
    names = ["anna", "boris", "cyril", "dora"]
    auth, board_only = {}, None
    for name in names:
        status, _, cookie = call(port, "POST", "/api/accounts",
                                 {"name": name, "password": "battery staple " + name}, origin)
        check(status == 201, "account %s: %d" % (name, status))
        session = dict(origin, Cookie=cookie.split(";")[0])
        status, made, _ = call(port, "POST", "/api/tokens",
                               {"description": "arena", "scopes": ["board:play",
                                                                   "tournament:write"]}, session)
        auth[name] = {"Authorization": "Bearer " + made["token"]}
        if board_only is None:
            status, made, _ = call(port, "POST", "/api/tokens",
                                   {"description": "board", "scopes": ["board:play"]}, session)
            board_only = {"Authorization": "Bearer " + made["token"]}

    form = "name=Evening+Arena&clockTime=3&clockIncrement=0&minutes=30&waitMinutes=0" \
           "&variant=evochess&rated=true"
    for bad, why in [(form.replace("minutes=30", "minutes=0"), "zero minutes"),
                     (form.replace("clockTime=3", "clockTime=0"), "no time on the clock"),
                     (form.replace("clockTime=3", "clockTime=x"), "a clock that is no number"),
                     (form.replace("variant=evochess", "variant=nonesuch"), "an unknown variant")]:
        status, answer, _ = call(port, "POST", "/api/tournament", headers=auth["anna"], form=bad)
        check(status == 400 and "error" in answer, "%s: 400 (%d %s)" % (why, status, answer))
    status, _, _ = call(port, "POST", "/api/tournament", headers=board_only, form=form)
    check(status == 403, "a token without tournament:write: 403 (%d)" % status)
    status, _, _ = call(port, "POST", "/api/tournament", form=form)
    check(status == 401, "nobody logged in: 401 (%d)" % status)

    status, arena, _ = call(port, "POST", "/api/tournament", headers=auth["anna"], form=form)
    check(status == 200 and arena.get("fullName") == "Evening Arena"
          and arena["variant"]["key"] == "evochess" and arena["clock"] == {"limit": 180,
                                                                          "increment": 0},
          "anna makes an EvoChess arena: %d %s" % (status, arena))
    tid = arena["id"]
    for name in names:
        status, answer, _ = call(port, "POST", "/api/tournament/%s/join" % tid,
                                 headers=auth[name])
        check(status == 200 and answer == {"ok": True}, "%s joins: %d" % (name, status))
    status, lists, _ = call(port, "GET", "/api/tournament")
    listed = [t["id"] for t in lists["created"] + lists["started"]]
    check(status == 200 and tid in listed, "GET /api/tournament lists it")

    def my_game(name):
        status, view, _ = call(port, "GET", "/api/tournament/%s" % tid, headers=auth[name])
        return view.get("me", {}).get("gameId") if status == 200 else None

    def play_round(round_number):
        """Waits for everyone's game, then in each the player later in the alphabet loses."""
        games = {}
        for name in names:
            gid = until(lambda: my_game(name), 30)
            check(gid is not None, "round %d: %s is paired" % (round_number, name))
            if gid is None:
                return False
            games.setdefault(gid, []).append(name)
        check(len(games) == 2 and all(len(p) == 2 for p in games.values()),
              "round %d: two games of two" % round_number)
        for gid, players in games.items():
            if round_number == 1:
                # Both go berserk before their first move (short games: no extra point).
                for name in players:
                    status, _, _ = call(port, "POST", "/api/board/game/%s/berserk" % gid,
                                        headers=auth[name])
                    check(status == 200, "%s goes berserk: %d" % (name, status))
                    status, answer, _ = call(port, "POST", "/api/board/game/%s/berserk" % gid,
                                             headers=auth[name])
                    check(status == 400 and "already" in answer.get("error", ""),
                          "berserk twice: 400 (%d %s)" % (status, answer))
                status, state, _ = call(port, "GET", "/api/games/%s" % gid)
                clock = state.get("clock") or {}
                check(clock.get("berserk") == {"allowed": True, "w": True, "b": True}
                      and clock.get("w") == 90_000 and clock.get("b") == 90_000,
                      "berserked: 1:30 each (%s)" % clock)
            status, state, _ = call(port, "GET", "/api/games/%s" % gid)
            legal = state.get("legal") or state.get("position", {}).get("legal", [])
            # White moves first: of the two, the one whose move is taken.
            moved = [call(port, "POST", "/api/board/game/%s/move/%s" % (gid, legal[0]["uci"]),
                          headers=auth[name])[0] for name in players] if legal else []
            check(moved.count(200) == 1, "round %d: White moves in game %s (%s)"
                  % (round_number, gid, moved))
            if round_number == 2:
                refused = [call(port, "POST", "/api/board/game/%s/berserk" % gid,
                                headers=auth[name]) for name in players]
                check(sorted(r[0] for r in refused) == [200, 400]
                      and any("before your first move" in str(r[1]) for r in refused),
                      "round 2: White may no longer go berserk, Black still may (%s)"
                      % [r[:2] for r in refused])
            loser = max(players)
            status, _, _ = call(port, "POST", "/api/board/game/%s/resign" % gid,
                                headers=auth[loser])
            check(status == 200, "round %d: %s resigns game %s: %d" % (round_number, loser, gid,
                                                                       status))
        # Each player's game of this round is over before the next round is read.
        return until(lambda: all(my_game(n) not in games for n in names), 30) is not None

    check(play_round(1), "round 1 played")
    check(play_round(2), "round 2 played")

    # kill -9 mid-event, then the same data again: the event goes on.
    server.send_signal(signal.SIGKILL)
    server.wait()
    server, port, _ = start(BIN, database, data, ["--schedule", schedule])
    origin = {"Origin": "http://127.0.0.1:%d" % port}
    check(play_round(3), "round 3 played after a kill -9 and a restart")
    # (One may have started meanwhile, at a half hour: it is listed as started then.)
    after = [t["startsAt"] for t in scheduled_events(port)]
    check(len(after) in (4, 5) and len(set(after)) == len(after),
          "no scheduled event announced twice after the restart (%s)" % after)
    check(play_round(4), "round 4 played")

    # Every finished game noted, then the maker ends the event (the games running now, if a
    # wave came meanwhile, count nothing).
    def noted():
        status, view, _ = call(port, "GET", "/api/tournament/%s" % tid)
        total = sum(len(p["sheet"]["scores"]) for p in view["standing"]["players"])
        return total == 16
    check(until(noted, 30), "16 results noted (8 games of two)")
    status, _, _ = call(port, "POST", "/api/tournament/%s/terminate" % tid, headers=auth["boris"])
    check(status == 403, "only the maker ends it: 403 (%d)" % status)
    status, _, _ = call(port, "POST", "/api/tournament/%s/terminate" % tid, headers=auth["anna"])
    check(status == 200, "the maker ends it: %d" % status)

    status, games, _ = call(port, "GET", "/api/tournament/%s/games" % tid)
    finished = sorted((g for g in games if g["status"] == "finished"), key=lambda g: int(g["id"]))
    check(len(finished) == 8, "8 finished games made for the event (%d)" % len(finished))
    sequences = {}
    for game in finished:
        for side in ("white", "black"):
            name = game["players"][side]["user"]["name"]
            sequences.setdefault(name, []).append(game.get("winner") == side)
    expected = {name: lichess_points(seq) for name, seq in sequences.items()}
    status, results, _ = call(port, "GET", "/api/tournament/%s/results" % tid)
    got = {line["username"]: line["score"] for line in results}
    check(status == 200 and got == expected,
          "the results equal the independent count: %s vs %s" % (got, expected))
    check([line["rank"] for line in results] == [1, 2, 3, 4]
          and all(results[i]["score"] >= results[i + 1]["score"] for i in range(3)),
          "ranked by score")
    status, view, _ = call(port, "GET", "/api/tournament/%s" % tid)
    check(view["isFinished"] and view["status"] == 30 and len(view["podium"]) == 3
          and view["podium"][0]["name"] == results[0]["username"],
          "finished, with its podium")
    status, answer, _ = call(port, "POST", "/api/tournament/%s/join" % tid, headers=auth["boris"])
    check(status == 400, "joining a finished event: 400 (%d %s)" % (status, answer))
    status, answer, _ = call(port, "POST", "/api/tournament/%s/withdraw" % tid,
                             headers=auth["boris"])
    check(status == 400, "withdrawing from a finished event: 400 (%d)" % status)
    status, _, _ = call(port, "GET", "/api/tournament/99999")
    check(status == 404, "no such tournament: 404 (%d)" % status)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/api/games/%s/pgn" % finished[0]["id"])
    r = c.getresponse()
    pgn = r.read().decode()
    c.close()
    check(r.status == 200 and '[Event "evochess tournament %s"]' % tid in pgn,
          "a tournament game's PGN names the event: %d %s" % (r.status, pgn[:80]))
finally:
    if server and server.poll() is None:
        server.kill()
        server.wait()
    shutil.rmtree(data, ignore_errors=True)
finish()
