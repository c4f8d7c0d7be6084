"""`charflow serve --listen 127.0.0.1:0` attacked from the network side (spec D24, rules M-1..M-4, W-26).

The built binary serves a fresh store over HTTPS with its self-signed certificate; the attacker is this
process, from 127.0.0.1 and other loopback addresses (127.0.0.2 and up reach the same server from
another client address). Every attack is followed by the same check: the store's files have not changed.
No browser is needed, but the suite shares the browser tests' store and server plumbing.
"""

import glob
import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import time
import unittest
import urllib.parse

from browser_support import BINARY, NOW, Store

PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"


class NetworkServer:
    """One store served with `--listen`, its certificate trusted, and a paired phone's cookie."""

    def __init__(self):
        self.store = Store()
        line = self.store.start(["serve", "--listen", "127.0.0.1:0", "--now", NOW])
        match = re.search(r"https://127\.0\.0\.1:([0-9]+)/", line)
        if not match:
            raise AssertionError(f"serve --listen printed no address: {line} {self.store.server.stderr.read()}")
        self.port = int(match.group(1))
        self.host = f"127.0.0.1:{self.port}"
        self.fingerprint = re.search(r"fingerprint ([0-9A-F:]{95})", line).group(1)
        state = os.path.join(self.store.folder, ".local", "state", "charflow")
        self.certificate = glob.glob(os.path.join(state, "serve-*.tls-cert"))[0]
        self.context = ssl.create_default_context(cafile=self.certificate)
        self.cookie = self.pair()
        self.token = self.write_token()

    def close(self):
        self.store.close()

    def connection(self, source="127.0.0.1", context=None):
        return http.client.HTTPSConnection("127.0.0.1", self.port, context=context or self.context, timeout=20,
                                           source_address=(source, 0))

    def request(self, method, path, headers=None, body=None, source="127.0.0.1"):
        """One request with exactly `headers` (Host added unless given); returns (status, headers, body)."""
        connection = self.connection(source)
        headers = dict(headers or {})
        skip = "Host" in headers
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        if not skip:
            connection.putheader("Host", self.host)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, answer.getheaders(), data.decode("utf-8", "replace")

    def pairing_link(self):
        done = subprocess.run([BINARY, "pair", "--json"], env=self.store.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError(done.stderr)
        return json.loads(done.stdout)["url"]

    def pair(self, agent=PHONE):
        link = urllib.parse.urlsplit(self.pairing_link())
        status, headers, _ = self.request("GET", f"{link.path}?{link.query}", {"User-Agent": agent})
        if status != 303:
            raise AssertionError(f"pairing answered {status}")
        cookie = [value for name, value in headers if name.lower() == "set-cookie"][0]
        return cookie.split(";")[0]

    def write_token(self):
        status, _, body = self.request("GET", "/", {"Cookie": self.cookie})
        if status != 200:
            raise AssertionError(f"the page answered {status}")
        return re.search(r'[0-9a-f]{64}', body).group(0)

    def store_bytes(self):
        path = self.store.env["CHARFLOW_DB"]
        parts = []
        for name in (path, path + "-wal"):
            if os.path.exists(name):
                with open(name, "rb") as file:
                    parts.append(file.read())
        return b"|".join(parts)

    def write(self, path, body, **changes):
        """A write with every check passed, unless `changes` replaces or drops (None) a header."""
        headers = {"Cookie": self.cookie, "X-Charflow-Token": self.token, "Content-Type": "application/json",
                   "Origin": f"https://{self.host}"}
        for name, value in changes.items():
            name = name.replace("_", "-")
            if value is None:
                headers.pop(name, None)
            else:
                headers[name] = value
        return self.request("POST", path, headers, body.encode())


class NetworkAttackTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = NetworkServer()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def setUp(self):
        self.before = self.server.store_bytes()

    def tearDown(self):
        self.assertEqual(self.server.store_bytes(), self.before, "the store changed")

    def test_m1_plain_http_to_the_tls_port_gets_no_page(self):
        """M-1 plain HTTP to the TLS port is answered with nothing a browser could read as a page"""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as plain:
            plain.sendall(f"GET /api/today HTTP/1.1\r\nHost: {self.server.host}\r\nCookie: {self.server.cookie}\r\n\r\n".encode())
            received = b""
            try:
                while True:
                    chunk = plain.recv(4096)
                    if not chunk:
                        break
                    received += chunk
            except (ConnectionResetError, socket.timeout):
                pass
        self.assertFalse(received.startswith(b"HTTP/"), received[:80])
        self.assertNotIn(b"today", received)

    def test_m1_tls_1_0_and_1_1_are_refused_and_1_2_and_1_3_taken(self):
        """M-1 TLS 1.0 and 1.1 hellos are refused by the server; TLS 1.2 and 1.3 are taken"""
        for version in (ssl.TLSVersion.TLSv1, ssl.TLSVersion.TLSv1_1):
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.load_verify_locations(self.server.certificate)
            context.set_ciphers("DEFAULT@SECLEVEL=0")
            context.minimum_version = version
            context.maximum_version = version
            with self.assertRaises(ssl.SSLError) as refused:
                with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as raw:
                    with context.wrap_socket(raw, server_hostname="127.0.0.1"):
                        pass
            # The hello went out (a client that could not offer the version fails with NO_PROTOCOLS_AVAILABLE before
            # sending anything); the server ended the handshake, with an alert or by closing the connection.
            said = str(refused.exception)
            self.assertTrue("PROTOCOL_VERSION" in said or "UNEXPECTED_EOF" in said, f"{version}: {said}")
        for version in (ssl.TLSVersion.TLSv1_2, ssl.TLSVersion.TLSv1_3):
            context = ssl.create_default_context(cafile=self.server.certificate)
            context.minimum_version = version
            context.maximum_version = version
            with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as raw:
                with context.wrap_socket(raw, server_hostname="127.0.0.1") as wrapped:
                    self.assertEqual(wrapped.version(), {ssl.TLSVersion.TLSv1_2: "TLSv1.2", ssl.TLSVersion.TLSv1_3: "TLSv1.3"}[version])

    def test_m4_without_a_sign_in_only_the_manifest_and_icon_answer(self):
        """M-4 without a sign-in every page, API and file answers 401, but the manifest and the icon"""
        for path in ("/", "/api/today", "/api/changes", "/api/export", "/app.js", "/style.css", "/../../etc/passwd",
                     "/debug", "/api/tasks/1", "/.well-known/x", "/pair/../api/today"):
            status, _, body = self.server.request("GET", path)
            self.assertEqual(status, 401, path)
            self.assertNotIn("Morning", body)
        for path in ("/manifest.webmanifest", "/icon.svg"):
            self.assertEqual(self.server.request("GET", path)[0], 200, path)
        status, _, _ = self.server.request("GET", "/api/today", {"Cookie": f"charflow-{self.server.port}=" + "0" * 64})
        self.assertEqual(status, 401)
        status, _, _ = self.server.write("/api/tasks", '{"title": "Planted"}', Cookie=None)
        self.assertEqual(status, 401)

    def test_m4_a_foreign_host_is_refused(self):
        """M-4 a Host that is not the listening address (DNS rebinding, another port, two Hosts) is refused"""
        for host in ("evil.example", f"evil.example:{self.server.port}", f"127.0.0.1:{self.server.port + 1}",
                     f"localhost:{self.server.port}", "127.0.0.1"):
            status, _, _ = self.server.request("GET", "/api/today", {"Host": host, "Cookie": self.server.cookie})
            self.assertEqual(status, 421, host)
        connection = self.server.connection()
        connection.putrequest("GET", "/api/today", skip_host=True)
        connection.putheader("Host", self.server.host)
        connection.putheader("Host", "evil.example")
        connection.putheader("Cookie", self.server.cookie)
        connection.endheaders()
        self.assertEqual(connection.getresponse().status, 400)
        connection.close()

    def test_m4_csrf_and_foreign_origins_are_refused(self):
        """M-4 a write without the page's token, from a foreign or plain-HTTP Origin, or not JSON is refused 403"""
        body = '{"title": "Planted"}'
        for changes in ({"X_Charflow_Token": None}, {"X_Charflow_Token": "0" * 64}, {"Origin": "https://evil.example"},
                        {"Origin": f"http://{self.server.host}"}, {"Origin": "null"}, {"Content_Type": "text/plain"},
                        {"Content_Type": "application/x-www-form-urlencoded"}):
            status, _, _ = self.server.write("/api/tasks", body, **changes)
            self.assertEqual(status, 403, changes)

    def test_m4_every_answer_forbids_framing_and_cors_and_keeps_https(self):
        """M-4 every answer carries frame-ancestors 'none', X-Frame-Options DENY and HSTS, and no CORS header"""
        answers = [self.server.request("GET", "/"), self.server.request("GET", "/api/today", {"Cookie": self.server.cookie}),
                   self.server.request("OPTIONS", "/api/tasks", {"Origin": "https://evil.example",
                                                                "Access-Control-Request-Method": "POST"}),
                   self.server.request("GET", "/manifest.webmanifest"), self.server.request("GET", "/pair")]
        for status, headers, _ in answers:
            names = {name.lower(): value for name, value in headers}
            self.assertIn("frame-ancestors 'none'", names["content-security-policy"], status)
            self.assertEqual(names["x-frame-options"], "DENY")
            self.assertEqual(names["strict-transport-security"], "max-age=31536000")
            self.assertFalse([name for name in names if name.startswith("access-control-")], status)

    def test_m4_oversized_bodies_are_refused(self):
        """M-4 a body over 64 KiB, declared or chunked, is refused 413"""
        big = '{"title": "' + "x" * (70 * 1024) + '"}'
        status, _, _ = self.server.write("/api/tasks", big)
        self.assertEqual(status, 413)
        connection = self.server.connection()
        connection.putrequest("POST", "/api/tasks", skip_accept_encoding=True)
        for name, value in (("Cookie", self.server.cookie), ("X-Charflow-Token", self.server.token),
                            ("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")):
            connection.putheader(name, value)
        connection.endheaders()
        for _ in range(10):
            connection.send(b"2000\r\n" + b"x" * 0x2000 + b"\r\n")
        connection.send(b"0\r\n\r\n")
        self.assertEqual(connection.getresponse().status, 413)
        connection.close()


class PairingAttackTests(unittest.TestCase):
    """Each test its own server: the attempt limits are the server's memory."""

    def setUp(self):
        self.server = NetworkServer()
        self.addCleanup(self.server.close)
        self.before = self.server.store_bytes()

    def tearDown(self):
        self.assertEqual(self.server.store_bytes(), self.before, "the store changed")

    def devices(self):
        done = subprocess.run([BINARY, "pair", "--list", "--json"], env=self.server.store.env, capture_output=True, text=True)
        return [device["name"] for device in json.loads(done.stdout)]

    def test_m2_a_reused_pairing_link_pairs_nobody(self):
        """M-2 a pairing link opened a second time pairs nobody"""
        link = urllib.parse.urlsplit(self.server.pairing_link())
        first = self.server.request("GET", f"{link.path}?{link.query}", {"User-Agent": PHONE})
        second = self.server.request("GET", f"{link.path}?{link.query}", {"User-Agent": "curl/8"})
        self.assertEqual(first[0], 303)
        self.assertEqual(second[0], 403)
        self.assertFalse([value for name, value in second[1] if name.lower() == "set-cookie"])
        self.assertEqual(self.devices(), ["Chrome on Android", "Chrome on Android 2"])

    def test_m4_a_thousand_guessed_codes_are_limited_per_address_and_in_all(self):
        """M-4 1,000 guessed codes from one address: 5 are checked, 995 answered 429; 30 in all close pairing to every address"""
        link = urllib.parse.urlsplit(self.server.pairing_link())
        statuses = {}
        connection = self.server.connection()
        for guess in range(1000):
            connection.request("GET", f"/pair?code={guess:010d}", headers={"Host": self.server.host})
            answer = connection.getresponse()
            answer.read()
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
        connection.close()
        self.assertEqual(statuses, {403: 5, 429: 995})
        self.assertEqual(self.server.request("GET", f"{link.path}?{link.query}")[0], 429, "the guessing address could still pair")
        # Five more addresses, five wrong codes each: 30 in all, and then an address that never guessed is refused too.
        for last in range(2, 7):
            for guess in range(5):
                self.assertEqual(self.server.request("GET", f"/pair?code=9{guess:09d}", source=f"127.0.0.{last}")[0], 403)
        self.assertEqual(self.server.request("GET", f"{link.path}?{link.query}", source="127.0.0.9")[0], 429)
        self.assertEqual(self.devices(), ["Chrome on Android"])
        # The phone paired before the attack still signs in.
        self.assertEqual(self.server.request("GET", "/api/today", {"Cookie": self.server.cookie}, source="127.0.0.9")[0], 200)

    def test_m3_revoking_a_phone_refuses_its_next_request(self):
        """M-3 pair --revoke NAME refuses that browser's very next request, and no other's"""
        other = self.server.pair(agent="Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1")
        self.assertEqual(self.server.request("GET", "/api/today", {"Cookie": self.server.cookie})[0], 200)
        done = subprocess.run([BINARY, "pair", "--revoke", "Chrome on Android"], env=self.server.store.env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.server.request("GET", "/api/today", {"Cookie": self.server.cookie})[0], 401)
        self.assertEqual(self.server.request("GET", "/api/today", {"Cookie": other})[0], 200)
        self.assertEqual(self.devices(), ["Safari on iPhone"])

    def test_w26_idle_and_slow_connections_are_closed_and_lock_nobody_out(self):
        """W-26, M-4 idle connections close after 10 s, header tricklers after 15 s in all, and meanwhile a phone is answered at once"""
        idle = [socket.create_connection(("127.0.0.1", self.server.port)) for _ in range(100)]
        slow = []
        for index in range(100):
            raw = socket.create_connection(("127.0.0.1", self.server.port))
            wrapped = self.server.context.wrap_socket(raw, server_hostname="127.0.0.1")
            wrapped.sendall(f"GET /api/today HTTP/1.1\r\nHost: {self.server.host}\r\n".encode())
            slow.append(wrapped)
        started = time.monotonic()
        closed_idle = closed_slow = None
        answered = []
        while time.monotonic() - started < 26 and (closed_idle is None or closed_slow is None):
            time.sleep(3)
            for wrapped in slow:
                try:
                    wrapped.sendall(b"X-Slow: a\r\n")
                except OSError:
                    pass
            begun = time.monotonic()
            status = self.server.request("GET", "/api/changes", {"Cookie": self.server.cookie})[0]
            answered.append((status, time.monotonic() - begun))
            if closed_idle is None and all(self.closed(sock) for sock in idle):
                closed_idle = time.monotonic() - started
            if closed_slow is None and all(self.closed(sock) for sock in slow):
                closed_slow = time.monotonic() - started
        for sock in idle + slow:
            sock.close()
        self.assertTrue(all(status == 200 and took < 1 for status, took in answered), answered)
        self.assertIsNotNone(closed_idle, "idle connections stayed open 26 s")
        self.assertLess(closed_idle, 16)  # closed at 10 s; looked at every 3 s
        self.assertIsNotNone(closed_slow, "trickling connections stayed open 26 s")
        self.assertLess(closed_slow, 22)  # ended at 15 s; looked at every 3 s

    @staticmethod
    def closed(sock):
        sock.setblocking(False)
        try:
            data = sock.recv(1) if not isinstance(sock, ssl.SSLSocket) else sock.recv(1)
            return data == b""
        except ssl.SSLWantReadError:
            return False
        except BlockingIOError:
            return False
        except OSError:
            return True
        finally:
            try:
                sock.setblocking(True)
            except OSError:
                pass


if __name__ == "__main__":
    unittest.main()
