#!/usr/bin/env python3
"""Runs the calendar tests' servers on loopback: Radicale (CalDAV) and a small HTTP file server.

Usage: calendar_servers.py FOLDER

FOLDER holds, filled by the test before this starts:
  radicale/collections/   Radicale's storage (collection-root/USER/CALENDAR/*.ics)
  radicale/users          its users, one "name:password" a line
  www/                    the files the HTTP server serves

Once both servers answer, FOLDER/ports.json says where: {"radicale": PORT, "http": PORT} (or
{"error": "..."}). The HTTP server answers GET with an ETag and a Last-Modified, and 304 to a request
whose If-None-Match or If-Modified-Since still holds; /moved.ics redirects to /calendar.ics,
/away.ics to a plain-http address that is not this machine, and /private.ics wants alice:secret. Each
request is logged to FOLDER/http.log as one JSON line.

Runs until its standard input closes -- the test process ended, however it ended -- then stops
Radicale and exits. Radicale is also told to stop if this process dies first (PR_SET_PDEATHSIG).
"""

import base64
import ctypes
import email.utils
import hashlib
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_with_parent():
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_radicale(folder):
    port = free_port()
    config = os.path.join(folder, "radicale", "config")
    with open(config, "w") as handle:
        handle.write(f"""[server]
hosts = 127.0.0.1:{port}
[auth]
type = htpasswd
htpasswd_filename = {folder}/radicale/users
htpasswd_encryption = plain
delay = 0
[rights]
type = owner_only
[storage]
filesystem_folder = {folder}/radicale/collections
[web]
type = none
[logging]
level = warning
""")
    log = open(os.path.join(folder, "radicale", "log"), "ab")
    process = subprocess.Popen([sys.executable, "-m", "radicale", "--config", config],
                               stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=stop_with_parent)
    return process, port


def wait_for(port, process, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


class Files(http.server.BaseHTTPRequestHandler):
    folder = ""
    lock = threading.Lock()

    def log_message(self, *arguments):
        pass

    def answer(self, status, headers=(), body=b""):
        # Logged before the answer goes, so that a test reading the log after its request sees it.
        entry = {"method": self.command, "path": self.path, "status": status,
                 "ifNoneMatch": self.headers.get("If-None-Match"),
                 "ifModifiedSince": self.headers.get("If-Modified-Since"),
                 "authorized": self.headers.get("Authorization") is not None}
        with Files.lock, open(os.path.join(Files.folder, "http.log"), "a") as log:
            log.write(json.dumps(entry) + "\n")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/moved.ics":
            return self.answer(301, [("Location", "/calendar.ics")])
        if path == "/away.ics":
            return self.answer(302, [("Location", "http://192.0.2.10/calendar.ics")])
        if path == "/private.ics":
            expected = "Basic " + base64.b64encode(b"alice:secret").decode()
            if self.headers.get("Authorization") != expected:
                return self.answer(401, [("WWW-Authenticate", 'Basic realm="calendars"')])
            path = "/calendar.ics"
        file = os.path.join(Files.folder, "www", path.lstrip("/"))
        if ".." in path or not os.path.isfile(file):
            return self.answer(404)
        with open(file, "rb") as handle:
            body = handle.read()
        modified = int(os.stat(file).st_mtime)
        tag = '"' + hashlib.sha1(body).hexdigest() + '"'
        stamp = email.utils.formatdate(modified, usegmt=True)
        headers = [("ETag", tag), ("Last-Modified", stamp), ("Content-Type", "text/calendar; charset=utf-8")]
        match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        if match is not None:
            if tag in [item.strip() for item in match.split(",")]:
                return self.answer(304, headers)
        elif since is not None:
            parsed = email.utils.parsedate_to_datetime(since)
            if parsed is not None and modified <= parsed.timestamp():
                return self.answer(304, headers)
        return self.answer(200, headers, body)


def main(arguments):
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    folder = os.path.abspath(arguments[0])
    ports = os.path.join(folder, "ports.json")

    def say(value):
        with open(ports + ".part", "w") as handle:
            json.dump(value, handle)
        os.rename(ports + ".part", ports)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    Files.folder = folder
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        radicale, port = start_radicale(folder)
    except Exception as error:  # radicale missing, or the interpreter cannot start it
        say({"error": f"Radicale could not start: {error}"})
        return 1
    try:
        if not wait_for(port, radicale):
            with open(os.path.join(folder, "radicale", "log"), "rb") as log:
                tail = log.read()[-2000:].decode("utf-8", "replace")
            say({"error": f"Radicale did not answer on port {port}: {tail}"})
            return 1
        say({"radicale": port, "http": server.server_address[1]})
        sys.stdin.buffer.read()
        return 0
    finally:
        radicale.terminate()
        try:
            radicale.wait(timeout=5)
        except subprocess.TimeoutExpired:
            radicale.kill()
        server.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
