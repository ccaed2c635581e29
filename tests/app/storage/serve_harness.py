"""What the tests that run `evochess serve` on PostgreSQL share: the checks' tally, starting a
server on a free port, one HTTP call, and a game's and the lobby's event streams."""
import http.client
import json
import queue
import signal
import subprocess
import sys
import threading
import time

results = {"passed": 0, "failed": 0}


def check(ok, what):
    results["passed" if ok else "failed"] += 1
    print(("ok - " if ok else "FAIL - ") + what)


def finish():
    """Prints 'N passed, N failed' and exits 1 if any check failed."""
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    sys.exit(1 if results["failed"] else 0)


def until(predicate, seconds):
    """The first true value of `predicate()`, asked every 0.1 s for up to `seconds`; None if
    there was none (a server's state seen from outside, which has no clock to inject)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return None


def start(binary, database, data, options=()):
    """Starts `evochess serve` on a free port, with more `options` if given: (process, port,
    its 'listening on' line)."""
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--data", data, "--database", database]
                            + list(options),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    while line and "listening on" not in line:
        line = proc.stdout.readline()
    if not line:
        raise RuntimeError("evochess serve did not start: exit %s" % proc.wait())
    # The rest of its output is drained, so that the process never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    port = int(line.split("listening on http://")[1].split("/")[0].rsplit(":", 1)[1])
    return proc, port, line


def call(port, method, path, body=None, token=None):
    """(status, the answer's JSON or text, the response) of one request."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": "Bearer " + token} if token else {}
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = c.getresponse()
    text = r.read().decode()
    c.close()
    return r.status, (json.loads(text) if text.startswith(("{", "[")) else text), r


def call_api(port, method, path, body=None, headers=None, form=None):
    """lichess's API: (status, the answer's JSON, its NDJSON lines as a list, or its text,
    its Set-Cookie) of one request with a JSON `body` or a `form` body."""
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
    kind = r.getheader("Content-Type", "")
    c.close()
    if "ndjson" in kind:
        return r.status, [json.loads(line) for line in text.splitlines() if line], cookie
    return r.status, (json.loads(text) if text.startswith(("{", "[")) else text), cookie


class Stream:
    """A game's event stream, read on a thread: the SAN moves it has shown so far, kept by
    applying each change to the first state (docs/api.md "Live updates"). With a seat's `token`
    the seat counts as present."""

    def __init__(self, port, gid, token=None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/api/games/%d/events" % gid,
                          headers={"Authorization": "Bearer " + token} if token else {})
        self.response = self.conn.getresponse()
        self.updates = queue.Queue()
        self.sans = []
        self.ended = threading.Event()  # the server closed the stream
        self.last_event, self.retry_ms = None, None
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        event, data = None, ""
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = self.last_event = line[7:]
                elif line.startswith("retry: "):
                    self.retry_ms = int(line[7:])
                elif line.startswith("data: "):
                    data += line[6:]
                elif line == "":
                    if data:
                        self.updates.put((event, json.loads(data)))
                    event, data = None, ""
        except Exception:
            pass
        self.ended.set()

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


def stop_gracefully(servers):
    """SIGTERM to each server, checked to exit 0."""
    for proc in servers:
        proc.send_signal(signal.SIGTERM)
        check(proc.wait(timeout=20) == 0, "SIGTERM stops a server with exit 0")


def clean_up(servers, postgres_script, postgres_dir, data):
    """Kills the servers still running, stops the test's PostgreSQL, removes the data folder."""
    for proc in servers:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    subprocess.run([postgres_script, "stop", postgres_dir])
    subprocess.run(["rm", "-rf", data])
