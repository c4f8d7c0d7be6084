"""Reaching the page every day, in Chromium (README D21, W-25, W-26): no other local page can frame it,
idle sockets lock no one out, a sign-in outlives a restart until `serve --sign-out`, `charflow open`
opens a link that works once, and the manifest and icon let the browser install the page.

The servers here run on fixed ports of their own (a restart must come back on the same port, as the
cookie's name carries it); the pages that try to frame the app are served by Python on other ports.
"""

import glob
import http.server
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import unittest

from selenium.webdriver.common.by import By

from browser_support import BINARY, NOW, ROOT, BrowserTestCase, wait, wait_for_board


def free_port():
    """A port free a moment ago, for `charflow open --port`; `serve_on(0)` lets the server pick its own, which no
    other process (a second worker of the suite, say) can take in between."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_of(link):
    """The port in a link `serve` printed."""
    return int(re.search(r"127\.0\.0\.1:([0-9]+)/", link).group(1))


class PageServer:
    """A plain HTTP server on another 127.0.0.1 port that answers every GET with `html` and no headers of note."""

    def __init__(self, html):
        body = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class DailyAccessTests(BrowserTestCase):
    def setUp(self):
        super().setUp()
        self.others = []
        self.background = []

    def tearDown(self):
        for other in self.others:
            other.close()
        for pid in self.background:
            stop_pid(pid)
        super().tearDown()

    def serve_on(self, port):
        """`charflow serve --port PORT` over the store, as `Store.serve` does; returns its sign-in link."""
        line = self.store.start(["serve", "--port", str(port), "--now", NOW])
        match = re.search(r"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{64}", line)
        if not match:
            self.store.server.kill()
            raise AssertionError(f"serve printed no link: {line} {self.store.server.stderr.read()}")
        return match.group(0)

    def stop_server(self):
        self.store.stop(self.store.server)

    def signed_in_board(self, url):
        self.driver.get(url)
        wait_for_board(self.driver, seconds=10)

    def other_page(self, html):
        page = PageServer(html)
        self.others.append(page)
        return page

    def test_W26_a_page_on_another_local_port_cannot_frame_the_app(self):
        self.store.cli("add", "Water plants", "--region", "morning")
        self.browser()
        link = self.serve_on(0)
        port = port_of(link)
        self.signed_in_board(link)
        before = self.store.cli("today")
        # A page of no headers on a third port, framed the same way: it shows, so a frame that is empty is refused.
        control = self.other_page("<!doctype html><title>Control</title><p id='shown'>framed and shown</p>")
        attacker = self.other_page(
            "<!doctype html><title>Another local page</title>"
            f"<iframe id='app' src='http://127.0.0.1:{port}/' width='800' height='600'></iframe>"
            f"<iframe id='control' src='http://127.0.0.1:{control.port}/' width='300' height='100'></iframe>")
        self.driver.get(f"http://127.0.0.1:{attacker.port}/")
        wait(self.driver, lambda d: d.execute_script("return document.readyState") == "complete")
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "control"))
        wait(self.driver, lambda d: d.find_elements(By.ID, "shown"), message="the control page was not framed")
        self.driver.switch_to.default_content()
        # Give the app's frame time to draw a board, as it would if it were let in.
        time.sleep(1.5)
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "app"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#regions section, [aria-label='Complete Water plants']"), [])
        self.assertNotIn("Water plants", self.driver.execute_script("return document.documentElement.innerText"))
        self.driver.switch_to.default_content()
        self.screenshot("framing-refused")
        # The browser held the cookie all along: the board is one navigation away, and nothing changed.
        self.signed_in_board(f"http://127.0.0.1:{port}/")
        self.assertEqual(self.store.cli("today"), before)

    def test_W26_with_100_idle_sockets_open_the_browser_still_signs_in_and_sees_changes(self):
        self.browser()
        link = self.serve_on(0)
        port = port_of(link)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
        try:
            started = time.monotonic()
            self.signed_in_board(link)
            self.assertLess(time.monotonic() - started, 8)
            self.store.cli("add", "Call the bank", "--region", "afternoon")
            wait(self.driver, lambda d: "Call the bank" in d.find_element(By.ID, "regions").text, seconds=8,
                 message="a change made by the CLI did not reach the page")
        finally:
            for connection in idle:
                connection.close()

    def test_W25_a_sign_in_survives_a_restart_until_serve_sign_out(self):
        self.store.cli("add", "Water plants", "--region", "morning")
        self.browser()
        link = self.serve_on(0)
        port = port_of(link)
        self.signed_in_board(link)
        self.stop_server()
        self.serve_on(port)
        # No new link: the cookie the browser kept lets it in, and a change from the page is taken.
        self.signed_in_board(f"http://127.0.0.1:{port}/")
        wait(self.driver, lambda d: "Water plants" in d.find_element(By.ID, "regions").text)
        done = subprocess.run([BINARY, "serve", "--sign-out"], env=self.store.env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.driver.get(f"http://127.0.0.1:{port}/")
        text = self.driver.find_element(By.TAG_NAME, "body").text
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#regions section"), [])
        self.assertIn("charflow open", text)
        self.assertNotIn("Water plants", text)

    def test_W22_a_board_left_open_after_serve_sign_out_says_to_sign_in_again_not_that_charflow_is_not_answering(self):
        self.browser()
        self.signed_in_board(self.serve_on(0))
        done = subprocess.run([BINARY, "serve", "--sign-out"], env=self.store.env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        # The page polls every second: the 401 it now gets is said at the top, in the server's words.
        signed_out = "You are signed out — open Charflow again with charflow open."
        words = json.loads(self.driver.execute_script("return document.getElementById('charflow-words').textContent"))
        self.assertEqual(words["signedOut"], signed_out)
        wait(self.driver, lambda d: d.find_element(By.ID, "problem").text == signed_out, seconds=5,
             message="the banner did not say the browser is signed out")
        time.sleep(1.5)
        self.assertEqual(self.driver.find_element(By.ID, "problem").text, signed_out, "a later poll replaced the words")

    def test_W25_charflow_open_opens_a_link_that_signs_in_once(self):
        self.store.cli("add", "Water plants", "--region", "morning")
        opener = os.path.join(self.store.folder, "bin")
        os.makedirs(opener)
        with open(os.path.join(opener, "xdg-open"), "w", encoding="utf-8") as script:
            script.write('#!/bin/sh\nprintf \'%s\\n\' "$1" >> "$(dirname "$0")/opened"\n')
        os.chmod(os.path.join(opener, "xdg-open"), 0o755)
        env = dict(self.store.env, PATH=opener + ":/usr/bin:/bin")
        done = subprocess.run([BINARY, "open", "--port", str(free_port()), "--now", NOW, "--json"], env=env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        answer = json.loads(done.stdout)
        self.background.append(answer["pid"])
        self.assertEqual((answer["started"], answer["opened"]), (True, True))
        with open(os.path.join(opener, "opened"), encoding="utf-8") as recorded:
            urls = recorded.read().split()
        self.assertEqual(len(urls), 1)
        self.browser()
        self.signed_in_board(urls[0])
        wait(self.driver, lambda d: "Water plants" in d.find_element(By.ID, "regions").text)
        # The same link again: refused with a page that says how to get a new one, and that this browser is in.
        self.driver.get(urls[0])
        heading = wait(self.driver, lambda d: d.find_elements(By.TAG_NAME, "h1"))[0]
        self.assertEqual(heading.text, "This sign-in link has been used")
        self.assertIn("Run charflow open for a new one.", self.driver.find_element(By.TAG_NAME, "body").text)
        self.check_both_themes("used sign-in link", "link-used")
        self.driver.find_element(By.LINK_TEXT, "This browser is signed in: open today's board.").click()
        wait_for_board(self.driver)
        # A second open finds the same server and opens a fresh link.
        again = json.loads(subprocess.run([BINARY, "open", "--now", NOW, "--json"], env=env, capture_output=True, text=True, check=True).stdout)
        self.assertEqual((again["started"], again["pid"], again["port"]), (False, answer["pid"], answer["port"]))

    def test_W25_the_manifest_and_icon_make_the_page_installable_and_nothing_is_missing(self):
        # The whole browser: its headless shell fetches neither a favicon nor the manifest's icons.
        self.own_browser(network_log=True, whole=True)
        self.signed_in_board(self.serve_on(0))
        time.sleep(1)
        manifest = self.driver.execute_cdp_cmd("Page.getAppManifest", {})
        self.assertEqual(manifest.get("errors"), [], manifest)
        self.assertTrue(manifest["url"].endswith("/manifest.webmanifest"), manifest["url"])
        self.assertEqual(json.loads(manifest["data"])["name"], "Charflow")
        installability = self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        self.assertEqual(installability.get("installabilityErrors"), [], installability)
        # Every file the page and the browser asked for was there: no favicon 404, no missing script.
        answers = [json.loads(entry["message"])["message"] for entry in self.driver.get_log("performance")]
        answers = [(m["params"]["response"]["url"], m["params"]["response"]["status"])
                   for m in answers if m["method"] == "Network.responseReceived"]
        # The page's own files come from their build's folder, /v/VERSION/.
        paths = {re.sub(r"^v/[0-9a-f]{16}/", "", url.split("?")[0].split("/", 3)[-1]) for url, _ in answers}
        # The service worker is registered only by the network's page (test_phone_daily), never here.
        modules = {os.path.basename(path) for path in glob.glob(os.path.join(ROOT, "Sources", "CharflowWeb", "Page", "*.mjs"))} - {"worker.mjs"}
        self.assertIn("main.mjs", modules)
        self.assertTrue(modules | {"app.css", "habits.css", "icon.svg", "manifest.webmanifest"} <= paths, paths)
        self.assertNotIn("favicon.ico", paths)
        self.assertEqual([(url, status) for url, status in answers if status >= 400], [])
        icon = self.driver.execute_script(
            "return fetch('/icon.svg', {credentials: 'omit'}).then(r => [r.status, r.headers.get('content-type')])")
        self.assertEqual(icon, [200, "image/svg+xml"])


def stop_pid(pid):
    """Stops a server `charflow open` started in the background (not our child): SIGTERM, then waits for it."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    unittest.main(verbosity=2)
