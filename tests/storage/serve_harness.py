"""What the tests that run `evochess serve` on PostgreSQL share: the checks' tally, starting a
server on a free port, and one HTTP call."""
import http.client
import json
import signal
import subprocess
import sys
import threading

results = {"passed": 0, "failed": 0}


def check(ok, what):
    results["passed" if ok else "failed"] += 1
    print(("ok - " if ok else "FAIL - ") + what)


def finish():
    """Prints 'N passed, N failed' and exits 1 if any check failed."""
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    sys.exit(1 if results["failed"] else 0)


def start(binary, database, data):
    """Starts `evochess serve` on a free port: (process, port, its 'listening on' line)."""
    proc = subprocess.Popen([binary, "serve", "--port", "0", "--data", data, "--database", database],
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
