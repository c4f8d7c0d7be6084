"""Sync's state in the header and the Conflicts screen (Y-28, Y-24), against a real PostgreSQL hub.

Two stores share a hub: a laptop (the CLI only) and this page's store, whose `serve` syncs by itself.
The header says "Synced", "Offline since 09:00" while the hub is stopped, and counts the conflicts a
sync recorded as a link to the Conflicts screen; another device's push shows on the board within about
two seconds, with nobody typing `sync`.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, Store, wait, wait_for_board

PG_BIN = os.environ.get("PG_BIN") or "/usr/lib/postgresql/15/bin"
# Debounce, fallback (far beyond the test), first retry, retry cap, log read: seconds.
TIMING = "0.3,600,0.2,1,0.1"


class Hub:
    """A PostgreSQL cluster of its own on a free loopback port, trust authentication (as the Swift
    tests' PostgresHub); run as the `postgres` user under root."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="charflow-pg-")
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.run(f"{PG_BIN}/initdb", "-D", self.folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        self.start()

    @property
    def url(self):
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *command):
        prefix = ["/usr/sbin/runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        done = subprocess.run(prefix + list(command), capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise AssertionError(f"{' '.join(command)}: {done.stderr}")

    def start(self):
        self.run(f"{PG_BIN}/pg_ctl", "-D", self.folder + "/data", "-l", self.folder + "/log", "-w",
                 "-o", f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off", "start")

    def stop(self):
        self.run(f"{PG_BIN}/pg_ctl", "-D", self.folder + "/data", "-m", "immediate", "-w", "stop")

    def close(self):
        try:
            self.stop()
        except AssertionError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


class SyncStateTests(BrowserTestCase):

    def setUp(self):
        super().setUp()
        # Cleanups run even when a later step of setUp fails, so no cluster outlives the test.
        self.hub = Hub()
        self.addCleanup(self.hub.close)
        self.laptop = Store()
        self.addCleanup(self.laptop.close)
        self.store.env["CHARFLOW_SYNC_TIMING"] = TIMING

    def header(self, d):
        return d.find_element(By.ID, "sync-state").text

    def test_Y28_the_header_shows_synced_conflicts_offline_and_another_devices_push(self):
        day = "2026-03-10"
        self.laptop.cli("hub", "init", self.hub.url, now=f"{day}T07:00")
        rent = self.laptop.cli("add", "Rent", "--region", "morning", "--bucket", "misc", now=f"{day}T08:00")["id"]
        self.laptop.cli("sync", now=f"{day}T08:01")
        self.store.cli("sync", "--hub", self.hub.url, now=f"{day}T08:02")
        # Both rename the task; the laptop's later name wins, and this device's becomes a conflict at
        # the server's first sync.
        self.laptop.cli("edit", rent, "--title", "Pay rent", now=f"{day}T08:30")
        self.laptop.cli("sync", now=f"{day}T08:31")
        self.store.cli("edit", rent, "--title", "Pay the rent today", now=f"{day}T08:10")

        self.store.serve(now=f"{day}T09:00")
        self.driver = d = self.browser(1280, 900)
        d.get(self.store.url)
        wait_for_board(d)
        wait(d, lambda d: self.header(d) == "Synced", message="the header never said Synced")
        state = d.find_element(By.ID, "sync-state")
        self.assertEqual(state.get_attribute("role"), "status")
        link = d.find_element(By.ID, "sync-conflicts")
        wait(d, lambda d: link.is_displayed() and link.text == "1 conflict", message="the conflict is not counted")
        self.assert_no_axe_violations("the header with sync's state")

        # The count opens the Conflicts screen; keeping theirs clears it, and focus stays on the page.
        link.click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#conflicts-list .conflict"), message="the conflicts list never showed")
        text = d.find_element(By.CSS_SELECTOR, "#conflicts-list .conflict p").text
        self.assertIn("Pay the rent today", text)
        self.assertIn("Pay rent", text)
        self.assert_no_axe_violations("the Conflicts screen")
        d.find_element(By.CSS_SELECTOR, "#conflicts-list .conflict button.ghost").click()
        wait(d, lambda d: not d.find_element(By.ID, "sync-conflicts").is_displayed(), message="the count stayed after keeping theirs")
        wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "#conflicts-list .conflict"), message="the conflict stayed listed")
        self.assertNotEqual(d.switch_to.active_element.tag_name, "body")

        # Another device's push shows on the board within about two seconds, with no sync typed here.
        d.execute_script("location.hash = '#today'")
        self.laptop.cli("add", "From the laptop", "--region", "morning", "--bucket", "misc", now=f"{day}T09:05")
        self.laptop.cli("sync", now=f"{day}T09:06")
        pushed = time.monotonic()
        wait(d, lambda d: "From the laptop" in d.find_element(By.ID, "regions").text, seconds=6,
             message="the laptop's task never showed")
        self.assertLess(time.monotonic() - pushed, 3.5)

        # The hub goes away: the header says since when, in one line on a phone-sized screen.
        self.hub.stop()
        wait(d, lambda d: self.header(d) == "Offline since 09:00", seconds=10, message="the header never said offline")
        self.viewport(375, 800)
        header = d.execute_script(
            "const h = document.querySelector('header.top'); const shown = Array.from(h.querySelectorAll('a, button, #sync-state'))"
            ".filter(e => e.offsetParent !== null).map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });"
            "return [h.getBoundingClientRect().height, Math.max(...shown) - Math.min(...shown)];")
        self.assertLess(header[0], 64, f"the header is {header[0]} px tall")
        self.assertLess(header[1], 8, "the header's parts are on more than one line")
        # The shorter words on a phone, whole; the sentence a screen reader hears is the long one.
        short = d.find_element(By.CSS_SELECTOR, "#sync-state .sync-short")
        self.assertTrue(short.is_displayed())
        self.assertEqual(short.text, "Offline 09:00")
        self.assertLessEqual(d.execute_script(
            "return document.querySelector('#sync-state .sync-long').getBoundingClientRect().width"), 1)
        cut = d.execute_script("const s = document.getElementById('sync-state'); return s.scrollWidth - s.clientWidth")
        self.assertLessEqual(cut, 0, "the offline words are cut short")
        self.assertEqual(d.execute_script("return document.querySelector('#sync-state .sync-long').textContent"), "Offline since 09:00")
        self.assert_no_horizontal_scroll("Today at 375 px, offline")
        self.check_both_themes("the header offline at 375 px", "sync-offline-375")
        # Back again: caught up with no restart.
        self.hub.start()
        wait(d, lambda d: self.header(d) == "Synced", seconds=10, message="the header never said Synced again")


if __name__ == "__main__":
    unittest.main()
