"""Reminders that arrive (R-7, R-8): a running `charflow serve` delivers what is due to the desktop's notification
service on a real, private D-Bus session bus (dbus-daemon, with python-dbusmock's notification-daemon template as
the service), each once, not again after a restart, quietly nothing while there is no service; and the page,
once Settings' button was pressed and the browser allows, shows them as the browser's notifications, each once
for the device whichever channel shows it first.
"""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, Store, dies_with_parent, wait

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

SUMMARY = "2 planned for Morning, Must-Do: Pay rent."


class SessionBus:
    """A private session bus (dbus-daemon with a configuration of its own: no activatable services), and on it,
    when started, python-dbusmock's notification daemon, which logs every call it answers."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="charflow-bus-")
        config = os.path.join(self.folder, "bus.conf")
        with open(config, "w", encoding="utf-8") as file:
            file.write(BUS_CONFIG.format(socket=os.path.join(self.folder, "bus")))
        daemon = shutil.which("dbus-daemon") or "/usr/bin/dbus-daemon"
        self.daemon = subprocess.Popen([daemon, f"--config-file={config}", "--nofork", "--print-address"],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, preexec_fn=dies_with_parent)
        self.address = self.daemon.stdout.readline().strip()
        if not self.address.startswith("unix:"):
            self.close()
            raise AssertionError(f"dbus-daemon printed no address: {self.address!r}")
        self.log = os.path.join(self.folder, "notifications.log")
        self.service = None

    def start_service(self):
        """Starts the notification daemon and waits until it answers (its log exists once it owns the name)."""
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)
        self.service = subprocess.Popen([sys.executable, "-m", "dbusmock", "--session", "--template", "notification_daemon",
                                         "--logfile", self.log], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True, preexec_fn=dies_with_parent)
        deadline = time.monotonic() + 20
        while not os.path.exists(self.log):
            if self.service.poll() is not None:
                raise AssertionError(f"python-dbusmock ended: {self.service.stderr.read()}")
            if time.monotonic() > deadline:
                raise AssertionError("python-dbusmock never took the notifications' name")
            time.sleep(0.05)

    def notifications(self):
        """(app, summary, body) of every Notify the service answered, in order."""
        if not os.path.exists(self.log):
            return []
        with open(self.log, encoding="utf-8") as file:
            calls = [line for line in file if " Notify " in line]
        found = []
        for call in calls:
            # `TIME Notify "app" 0 "" "summary" "body" [] {} -1`
            match = re.search(r' Notify "(.*?)" \d+ "(.*?)" "(.*?)" "(.*?)" ', call)
            if match:
                found.append((match.group(1), match.group(3), match.group(4)))
        return found

    def close(self):
        for process in (self.service, self.daemon):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            for stream in (getattr(process, "stdout", None), getattr(process, "stderr", None)):
                if stream:
                    stream.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def plan_morning(store, now="2026-11-30T08:00"):
    """Two tasks in Monday's Morning, its Must-Do "Pay rent", and a habit reminding at 08:30."""
    store.cli("add", "Pay rent", "--region", "morning", "--bucket", "must", "--due", "today", now=now)
    store.cli("add", "Read a chapter", "--region", "morning", "--due", "today", now=now)
    store.cli("habit", "add", "Stretch", "--window", "07:00-12:00 remind 08:30", now=now)


def deliveries(store):
    """(kind, channel) of every delivery the store recorded."""
    with sqlite3.connect(store.env["CHARFLOW_DB"]) as db:
        return db.execute("SELECT kind, channel FROM reminder_deliveries ORDER BY kind").fetchall()


class DesktopNotificationTests(unittest.TestCase):
    """`charflow serve` and the desktop's notification service on a private session bus."""

    def setUp(self):
        self.store = Store()
        self.addCleanup(self.store.close)
        self.bus = SessionBus()
        self.addCleanup(self.bus.close)
        plan_morning(self.store)

    def serve(self, now, bus=True):
        """`charflow serve` at `now`, looking for due reminders every 0.2 s, with the private bus or none at all."""
        env = dict(self.store.env, CHARFLOW_REMINDER_RECHECK="0.2")
        if bus:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.bus.address
        line = self.store.start(["serve", "--port", "0", "--now", now], env)
        self.assertIn("http://127.0.0.1:", line)
        return self.store.server

    def test_r7_r8_serve_delivers_each_reminder_to_the_desktop_once_and_not_again_after_a_restart(self):
        self.bus.start_service()
        server = self.serve("2026-11-30T09:00")
        wanted = [("Charflow", "Charflow", SUMMARY), ("Charflow", "Charflow", "Stretch")]
        wait(None, lambda _: len(self.bus.notifications()) >= 2, seconds=15, message=f"arrived: {self.bus.notifications()}")
        time.sleep(1.5)  # about seven more looks
        self.assertEqual(self.bus.notifications(), wanted)
        Store.stop(server)
        self.assertEqual(server.returncode, 0)
        # A restart of the server, a minute later: nothing again.
        server = self.serve("2026-11-30T09:01")
        time.sleep(1.5)
        self.assertEqual(self.bus.notifications(), wanted, "once per device, across a restart")
        self.assertEqual(deliveries(self.store), [("reminder-habitWindow", "desktop"), ("reminder-morning", "desktop")])
        # `charflow remind` prints nothing of what was delivered.
        self.assertEqual(self.store.cli("remind", now="2026-11-30T09:02")["reminders"], [])

    def test_r7_sync_watch_delivers_to_the_desktop_too_even_while_the_hub_does_not_answer(self):
        self.bus.start_service()
        # A hub that refuses every connection: the watch says it is offline, and reminders arrive all the same.
        env = dict(self.store.env, CHARFLOW_REMINDER_RECHECK="0.2", DBUS_SESSION_BUS_ADDRESS=self.bus.address,
                   CHARFLOW_HUB="postgresql://charflow@127.0.0.1:1/nothing")
        line = self.store.start(["sync", "--watch", "--now", "2026-11-30T09:00"], env)
        self.assertIn("09:00", line)
        wait(None, lambda _: len(self.bus.notifications()) >= 2, seconds=15, message=f"arrived: {self.bus.notifications()}")
        time.sleep(1.0)
        self.assertEqual([body for _, _, body in self.bus.notifications()], [SUMMARY, "Stretch"])
        watch = self.store.server
        Store.stop(watch)
        self.assertEqual(watch.returncode, 0)

    def test_r8_with_no_bus_or_no_service_nothing_fails_nothing_is_said_and_the_reminders_arrive_once_a_service_is_there(self):
        # No session bus at all: the server runs, says nothing of it, records nothing.
        server = self.serve("2026-11-30T09:00", bus=False)
        time.sleep(1.0)
        self.assertIsNone(server.poll())
        server.terminate()
        _, said = server.communicate(timeout=10)
        self.assertEqual(server.returncode, 0)
        self.assertEqual(said, "Charflow's web page has stopped.\n", "no word of notifications")
        # A bus without a notification service: the same.
        server = self.serve("2026-11-30T09:00")
        time.sleep(1.0)
        self.assertIsNone(server.poll())
        self.assertEqual(deliveries(self.store), [])
        self.assertEqual(self.store.cli("remind", "--dry-run", now="2026-11-30T09:00")["reminders"][0]["message"],
                         SUMMARY, "still due")
        # The service comes: what is still due arrives, once.
        self.bus.start_service()
        wait(None, lambda _: len(self.bus.notifications()) >= 2, seconds=15, message=f"arrived: {self.bus.notifications()}")
        time.sleep(1.0)
        self.assertEqual([body for _, _, body in self.bus.notifications()], [SUMMARY, "Stretch"])
        Store.stop(server)
        self.assertEqual(server.returncode, 0)


# Observes the browser's own API: every Notification the page constructs, and every permission request.
RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  window.__notifications = [];
  window.__permissionAsked = 0;
  function Recorded(title, options) {
    window.__notifications.push({ title, body: options && options.body, tag: options && options.tag });
    return new Real(title, options);
  }
  Recorded.requestPermission = (...args) => { window.__permissionAsked += 1; return Real.requestPermission(...args); };
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  window.Notification = Recorded;
})();
"""


class PageNotificationTests(BrowserTestCase):
    """The page's Reminders panel in Settings and the browser's notifications (no desktop bus for this server)."""

    def test_r7_r8_the_page_asks_only_when_the_button_is_pressed_then_shows_each_due_reminder_once_per_device(self):
        plan_morning(self.store)
        d = self.own_browser(whole=True)  # Chromium's headless shell has no web notifications
        script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_NOTIFICATIONS})
        self.addCleanup(lambda: d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}))
        url = self.store.serve()
        origin = re.match(r"http://127\.0\.0\.1:[0-9]+", url).group(0)
        d.get(url)
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "main:not([aria-busy]) #regions section"), message="no board")
        time.sleep(0.5)
        self.assertEqual(d.execute_script("return window.__permissionAsked"), 0, "never a prompt on load")
        self.assertEqual(d.execute_script("return window.__notifications"), [])
        self.assertEqual(deliveries(self.store), [], "nothing is handed out before the person turns it on")

        d.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["notifications"]})
        self.addCleanup(lambda: d.execute_cdp_cmd("Browser.resetPermissions", {}))
        d.execute_script("location.hash = '#settings'")
        button = wait(d, lambda d: d.find_element(By.ID, "notifications-on"), message="no Reminders button in Settings")
        self.assertEqual(button.text, "Show reminders as notifications")
        button.click()
        wait(d, lambda d: len(d.execute_script("return window.__notifications")) >= 2, message="no notification was shown")
        shown = d.execute_script("return window.__notifications")
        self.assertEqual([(n["title"], n["body"]) for n in shown], [("Charflow", SUMMARY), ("Charflow", "Stretch")])
        self.assertTrue(all(n["tag"].startswith("reminder-") for n in shown))
        self.assertEqual(d.execute_script("return window.__permissionAsked"), 1)
        self.assertEqual(d.find_element(By.ID, "notifications-state").text, "Reminders are shown as notifications in this browser.")
        self.assertEqual(deliveries(self.store), [("reminder-habitWindow", "page"), ("reminder-morning", "page")])

        # A habit due since 08:45 is added; the page loaded again (signed in, the choice kept) looks at once,
        # and shows that one alone: what was shown is not shown again.
        self.store.cli("habit", "add", "Walk", "--window", "07:00-12:00 remind 08:45")
        d.get(origin + "/")
        wait(d, lambda d: d.execute_script("return window.__notifications").__len__() >= 1, message="the new reminder was not shown")
        time.sleep(0.5)
        self.assertEqual([(n["title"], n["body"]) for n in d.execute_script("return window.__notifications")], [("Charflow", "Walk")])
        self.assertEqual(d.execute_script("return window.__permissionAsked"), 0)


if __name__ == "__main__":
    unittest.main()
