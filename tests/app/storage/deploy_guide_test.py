#!/usr/bin/env python3
"""docs/deploy.md's two-process set-up run as written (issue 18): the nginx `server` block of
"TLS at the proxy" and the `upstream` and `map` of "Several processes behind one proxy" are
read from the guide and run by a real nginx, with only the changes a reader makes on a test
machine (a free local port without TLS, so `Host $http_host` as the guide says for a port
other than 443; the two processes' ports; `proxy_pass` to http://evochess as it says), in an
nginx.conf of the test's own whose `http` block holds them. Two `evochess serve` processes
on one PostgreSQL, with the same --public-url and --trust-proxy; everything goes through
nginx: an online game made and joined, three event streams (both seats and a spectator),
moves from both seats seen on each stream promptly (waited for with a timeout, never a fixed
sleep). Every request and stream of
the game reached one process (its presence counts them, nginx's log names it); that process
stopped with SIGTERM ends the streams with the reconnect hint, and the game goes on through
nginx on the other with no move lost. A browser-like request with an Origin is accepted, and a
seek made in the lobby is seen on another visitor's lobby stream and accepted. Starts its own
PostgreSQL (postgres_test_server.sh) and nginx. Prints 'N passed, N failed'."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

BIN = sys.argv[sys.argv.index("--engine") + 1]
from serve_harness import (LobbyStream, Stream, call, check, clean_up, finish, start,
                           stop_gracefully, visitor_call)

HERE = os.path.dirname(os.path.abspath(__file__))
GUIDE = os.path.join(HERE, "..", "..", "..", "docs", "deploy.md")
PG = os.path.join(HERE, "postgres_test_server.sh")
PROMPTLY_S = 5  # a move is on every stream well within this


def section(text, title):
    """The text of the guide's section `## title`, up to the next one."""
    begin = text.index("\n## " + title + "\n")
    end = text.find("\n## ", begin + 1)
    return text[begin:end if end >= 0 else len(text)]


def indented_block(text, first_line):
    """The code block (indented by 4) of `text` that begins with `first_line`, unindented."""
    lines = text.split("\n")
    block = []
    for line in lines[lines.index("    " + first_line):]:
        if line and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip("\n") + "\n"


def replace_once(text, old, new):
    if text.count(old) != 1:
        raise ValueError("docs/deploy.md's nginx text has %r %d times, not once" %
                         (old, text.count(old)))
    return text.replace(old, new)


def nginx_text(port, port_a, port_b):
    """The guide's nginx configuration with a reader's changes for a test machine."""
    guide = open(GUIDE).read()
    tls = section(guide, "TLS at the proxy")
    server = indented_block(tls, "server {")
    several = section(guide, "Several processes behind one proxy")
    upstream = indented_block(several, "upstream evochess {")
    # No TLS on a test machine: a free local port, and no certificate.
    server = replace_once(server, "listen 443 ssl http2;", "listen 127.0.0.1:%d;" % port)
    without_certificates = [line for line in server.split("\n") if "ssl_certificate" not in line]
    if len(without_certificates) != len(server.split("\n")) - 2:
        raise ValueError("docs/deploy.md's server block does not name two ssl_certificate files")
    server = "\n".join(without_certificates)
    # "with the location blocks of 'TLS at the proxy' pointing at http://evochess".
    server = replace_once(server, "proxy_pass http://127.0.0.1:8080;",
                          "proxy_pass http://evochess;")
    # The port is not the scheme's default: the guide's note says to pass the Host as sent.
    server = replace_once(server, "proxy_set_header Host $host;",
                          "proxy_set_header Host $http_host;")
    if "proxy_set_header Host $http_host;" not in tls:
        raise ValueError("docs/deploy.md no longer says what Host to send on another port")
    upstream = replace_once(upstream, "server 127.0.0.1:8080;", "server 127.0.0.1:%d;" % port_a)
    upstream = replace_once(upstream, "server 127.0.0.1:8081;", "server 127.0.0.1:%d;" % port_b)
    return upstream + server


def reserve_port():
    """A socket bound to a free local port, held until nginx takes the port, so that the
    servers started meanwhile on free ports cannot be given it."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    return s


def start_nginx(directory, port, site):
    """nginx with `site` in its http block, everything it writes in `directory`, listening on
    `port`: (process, its access log)."""
    binary = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if not binary:
        raise RuntimeError("no nginx found (install the nginx package: scripts/deps.sh)")
    os.chmod(directory, 0o755)  # a root master's workers run as nobody
    access_log = os.path.join(directory, "access.log")
    with open(os.path.join(directory, "nginx.conf"), "w") as conf:
        conf.write("\n".join([
            "user nobody nogroup;" if os.getuid() == 0 else "",
            "daemon off;",
            "worker_processes 1;",
            "pid %s/nginx.pid;" % directory,
            "error_log %s/error.log info;" % directory,
            "events { worker_connections 256; }",
            "http {",
            "log_format hops '$request_method $uri $status $upstream_addr';",
            "access_log %s hops;" % access_log,
            "client_body_temp_path %s/client_body;" % directory,
            "proxy_temp_path %s/proxy;" % directory,
            "fastcgi_temp_path %s/fastcgi;" % directory,
            "uwsgi_temp_path %s/uwsgi;" % directory,
            "scgi_temp_path %s/scgi;" % directory,
            site,
            "}", ""]))
    proc = subprocess.Popen([binary, "-p", directory, "-c", os.path.join(directory, "nginx.conf"),
                             "-e", os.path.join(directory, "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, access_log
        except OSError:
            time.sleep(0.05)
    proc.kill()
    proc.wait()
    log = open(os.path.join(directory, "error.log")).read()
    raise RuntimeError("nginx did not start:\n" + log)


def presence(port, gid):
    """(spectators, away) of the game as the process on `port` sees it, asked directly."""
    _, state, _ = call(port, "GET", "/api/games/%d" % gid)
    return state["spectators"], state["away"]


def sans(state):
    return [ply["san"] for ply in state["history"]]


pg_dir = tempfile.mkdtemp(prefix="evochess-pg-", dir="/tmp")
data = tempfile.mkdtemp(prefix="evochess-deploy-guide-test-")
nginx_dir = tempfile.mkdtemp(prefix="evochess-nginx-")
servers, streams, nginx = [], [], None
try:
    subprocess.run([PG, "init", pg_dir], check=True)
    uri = "postgresql://evochess@/postgres?host=%s&port=5432" % pg_dir
    reserved = reserve_port()
    port = reserved.getsockname()[1]
    public_url = "http://127.0.0.1:%d" % port
    # "with the same --database and --public-url, each on its own port", behind our proxy.
    options = ["--public-url", public_url, "--trust-proxy"]
    a, port_a, _ = start(BIN, uri, data, options)
    servers.append(a)
    b, port_b, _ = start(BIN, uri, data, options)
    servers.append(b)
    reserved.close()
    nginx, access_log = start_nginx(nginx_dir, port, nginx_text(port, port_a, port_b))
    check(True, "nginx runs the guide's server, upstream and map blocks")

    status, game, _ = call(port, "POST", "/api/games", {"variant": "chess", "online": True,
                                                     "colour": "w"})
    check(status == 201 and game["invite"].startswith(public_url + "/"),
          "an online game made through nginx, its invite link on the public URL: %d %s" %
          (status, game.get("invite")))
    gid, white = game["id"], game["seat"]["token"]
    status, joined, _ = call(port, "POST", "/api/games/%d/join" % gid,
                             {"invite": game["invite"].split("invite=")[1]})
    check(status == 200 and joined["seat"]["colour"] == "b", "joined through nginx: %d" % status)
    black = joined["seat"]["token"]

    def open_streams():
        opened = [Stream(port, gid, white), Stream(port, gid, black), Stream(port, gid)]
        streams.extend(opened)
        return opened

    current = open_streams()
    check(all(s.wait_for_plies(0, PROMPTLY_S) == [] for s in current),
          "both seats' and a spectator's event streams open through nginx")
    played = []

    def play(uci, token):
        global played
        status, state, _ = call(port, "POST", "/api/games/%d/moves" % gid, {"uci": uci}, token)
        check(status == 200 and len(state["history"]) == len(played) + 1,
              "%s through nginx: %d" % (uci, status))
        if status == 200:
            played = sans(state)
        begun = time.monotonic()
        seen = [s.wait_for_plies(len(played), PROMPTLY_S) for s in current]
        check(all(s == played for s in seen), "every stream shows %s after %.0f ms: %s" %
              (uci, (time.monotonic() - begun) * 1000, seen))

    for uci, token in [("e2e4", white), ("e7e5", black), ("g1f3", white), ("b8c6", black),
                       ("f1b5", white), ("a7a6", black)]:
        play(uci, token)

    # Presence is each process's own: the process that has the streams sees both players
    # there and one spectator; the other sees nobody. So the three streams reached one.
    seen = {p: presence(p, gid) for p in (port_a, port_b)}
    with_streams = [p for p, (spectators, away) in seen.items()
                    if spectators == 1 and away == {"w": None, "b": None}]
    check(len(with_streams) == 1, "the game's three streams all reached one process: %s" % seen)
    home = with_streams[0] if with_streams else port_a
    other = port_b if home == port_a else port_a
    check(seen[other][0] == 0 and None not in seen[other][1].values(),
          "the other process sees nobody watching: %s" % (seen[other],))
    _, through, _ = call(port, "GET", "/api/games/%d" % gid)
    check(through["away"] == {"w": None, "b": None} and through["spectators"] == 1,
          "a GET through nginx reaches that process too: %s %s" %
          (through["away"], through["spectators"]))

    # That process stops with SIGTERM, as for a rolling upgrade: its streams end with the
    # reconnect hint, and the game goes on through nginx on the other process.
    home_proc = a if home == port_a else b
    home_proc.send_signal(signal.SIGTERM)
    check(home_proc.wait(timeout=20) == 0 and all(s.ended.wait(PROMPTLY_S) for s in current),
          "the game's process stops with SIGTERM (exit 0) and its streams end")
    check(all(s.last_event == "reconnect" and s.retry_ms is not None and s.retry_ms <= 1000
              for s in current),
          "each stream was told to reconnect soon through nginx: %s" %
          [(s.last_event, s.retry_ms) for s in current])
    for s in current:
        s.close()
    current = open_streams()
    check(all(s.wait_for_plies(len(played), PROMPTLY_S) == played for s in current),
          "the streams reopened through nginx show every move so far (%d plies)" % len(played))
    play("b5a4", white)
    play("g8f6", black)
    spectators, away = presence(other, gid)
    check(spectators == 1 and away == {"w": None, "b": None},
          "the reopened streams reached the other process: %s %s" % (spectators, away))

    # A browser's request carries an Origin, which the server compares with the scheme (from
    # X-Forwarded-Proto) and the Host the proxy passed on.
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("POST", "/api/games/%d/resign" % gid, body="{}",
              headers={"Authorization": "Bearer " + black, "Origin": public_url,
                       "Content-Type": "application/json"})
    r = c.getresponse()
    resigned = json.loads(r.read().decode())
    c.close()
    check(r.status == 200 and resigned.get("result") == "1-0",
          "a resignation with the browser's Origin is taken through nginx: %d %s" %
          (r.status, resigned.get("result", resigned)))
    check(all(s.wait_for_plies(len(played), PROMPTLY_S) == played for s in current),
          "no move was lost (%d plies)" % len(played))

    # The lobby through nginx: a seek one visitor makes is seen on another's lobby stream.
    maker, taker = "evo_visitor=" + "c" * 64, "evo_visitor=" + "d" * 64
    maker_lobby, taker_lobby = LobbyStream(port, maker), LobbyStream(port, taker)
    streams.extend([maker_lobby, taker_lobby])
    check(maker_lobby.wait_for("seeks", PROMPTLY_S) is not None and
          taker_lobby.wait_for("seeks", PROMPTLY_S) is not None, "lobby streams through nginx")
    status, made = visitor_call(port, "POST", "/api/seeks", maker,
                                {"variant": "chess", "colour": "w"})
    check(status == 201, "a seek made through nginx: %d" % status)
    added = taker_lobby.wait_for("seek_added", PROMPTLY_S)
    check(added is not None and added["seek"]["id"] == made.get("id"),
          "another visitor's lobby stream shows it: %s" % added)
    status, accepted = visitor_call(port, "POST", "/api/seeks/%d/accept" % made.get("id", 0),
                                    taker)
    told = maker_lobby.wait_for("game", PROMPTLY_S)
    check(status == 201 and told is not None and told["id"] == accepted["id"],
          "accepted through nginx, and the maker's lobby stream is told the game: %d %s" %
          (status, told))

    stop_gracefully([proc for proc in servers if proc.poll() is None])
    nginx.send_signal(signal.SIGQUIT)
    check(nginx.wait(timeout=20) == 0, "nginx stops")

    # nginx's log names the process each request of the game went to: the one whose presence
    # counted the streams, until it stopped; then the other.
    hops = []
    for line in open(access_log):
        method, path, status, upstream = line.rstrip("\n").split(" ", 3)
        if re.match(r"/api/games/%d(/|$)" % gid, path):
            hops.append(upstream.split(", ")[-1])
    before = 1 + 6 + 1 + 3  # the join, six moves, a GET, three streams (logged as they end)
    expected = ["127.0.0.1:%d" % home] * before + ["127.0.0.1:%d" % other] * (len(hops) - before)
    check(len(hops) > before and hops == expected,
          "nginx sent the game's requests to one process, then to the other: %s" % hops)
finally:
    for s in streams:
        s.close()
    if nginx and nginx.poll() is None:
        nginx.kill()
        nginx.wait()
    shutil.rmtree(nginx_dir, ignore_errors=True)
    clean_up(servers, PG, pg_dir, data)

finish()
