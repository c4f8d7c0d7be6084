"""What every browser test shares: a store with `charflow serve` over it, headless Chromium, axe-core.

Run by scripts/test (after the Swift suites) with the venv's Python, every `test_*.py` here, two files at once
(run_in_parallel.py, each worker a process with its own Chromium); one process runs them all as well:
    CHARFLOW_TEST_BINARY=.build/debug/charflow python -m unittest discover -s Tests/Browser -v

Every test starts its own server on a free port over a fresh store in a temporary folder, with the
clock fixed (`--now`), the zone and a plain locale explicit. The CLI is the same binary on the same store.
Screenshots of each screen in light and dark go to .build/screenshots (not committed).

One Chromium (its headless shell) serves the whole run (starting one takes a second): each test gets it in
a fresh state, a new tab (no emulated theme, size or zoom carried over) with no cookies and the window at
its size; it is quit when the run ends, and started again should it have died.
Every server a test starts is stopped when the test ends, and dies with the test's process if that goes
first; a page script's uncaught error fails the test that caused it.
"""

import atexit
import base64
import ctypes
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import (ElementNotInteractableException, NoSuchElementException, StaleElementReferenceException,
                                        TimeoutException, WebDriverException)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("CHARFLOW_TEST_BINARY") or os.path.join(ROOT, ".build", "debug", "charflow")
AXE = os.environ.get("CHARFLOW_AXE") or os.path.join(ROOT, ".build", "axe", "axe.min.js")
SHOTS = os.path.join(ROOT, ".build", "screenshots")
NOW = "2026-11-30T09:00"  # a Monday
# Chromium's headless shell: the same Blink and V8 without the whole browser's machinery, which cost the
# browser suite two fifths of its CPU (test_page: 56 s with `chromium --headless=new`, 34 s with the shell).
# What only the whole browser does (the favicon and the manifest's icons fetched, web notifications) is
# tested in the whole browser, `browser(whole=True)`.
# The binary itself: Debian's /usr/bin/chromium-headless-shell is a shell script that does not `exec` it, so
# quitting the driver would stop the script and leave the shell's processes running.
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
WHOLE_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def dies_with_parent():
    """In a child before it runs: the kernel sends it SIGTERM when the test's process ends (PR_SET_PDEATHSIG),
    so a server is never left behind, not even when the tests are killed."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)


class Store:
    """A fresh store in a temporary folder, the CLI on it, and `charflow serve --port 0` over it.

    Every server started over the store is kept (`servers`) and stopped by `close`; `server` is the last.
    """

    def __init__(self, zone="Europe/London"):
        self.folder = tempfile.mkdtemp(prefix="charflow-browser-")
        self.env = {
            "CHARFLOW_DB": os.path.join(self.folder, "store.sqlite"), "TZ": zone, "LANG": "C.UTF-8",
            "HOME": self.folder, "PATH": "/usr/bin:/bin",
        }
        self.servers = []
        self.server = None
        self.url = None

    def cli(self, *args, now=NOW):
        done = subprocess.run([BINARY, *args, "--json", "--now", now], env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError(f"charflow {' '.join(args)} exited {done.returncode}: {done.stderr}")
        return json.loads(done.stdout)

    def start(self, arguments, env=None):
        """Starts `charflow ARGUMENTS` as a server over the store, kept until `close`; returns the first line it printed."""
        process = subprocess.Popen([BINARY, *arguments], env=env or self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, preexec_fn=dies_with_parent)
        self.servers.append(process)
        self.server = process
        return process.stdout.readline()

    def serve(self, now=NOW, clock_file=None):
        """Starts the server with its clock fixed at `now`, or read from `clock_file` on every request."""
        clock = ["--now", now] if clock_file is None else []
        env = dict(self.env, CHARFLOW_CLOCK_FILE=clock_file) if clock_file else self.env
        line = self.start(["serve", "--port", "0", *clock], env)
        match = re.search(r"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]+", line)
        if not match:
            self.server.kill()
            raise AssertionError(f"serve printed no URL: {line} {self.server.stderr.read()}")
        self.url = match.group(0)
        return self.url

    @staticmethod
    def stop(process):
        """Stops one server: SIGTERM, then SIGKILL if it has not gone in 10 s; closes its pipes."""
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()
        process.stderr.close()

    def close(self):
        for process in self.servers:
            self.stop(process)
        self.servers = []
        self.server = None
        shutil.rmtree(self.folder, ignore_errors=True)


def browser(width=1280, height=900, network_log=False, whole=False):
    """Chromium's headless shell, or with `whole` the whole browser headless; with `network_log`,
    `driver.get_log("performance")` holds the network events."""
    options = webdriver.ChromeOptions()
    logs = {"browser": "SEVERE"}
    if network_log:
        logs["performance"] = "ALL"
    options.set_capability("goog:loggingPrefs", logs)
    options.binary_location = WHOLE_CHROMIUM if whole else CHROMIUM
    for flag in ("--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--lang=en-GB", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    if whole:
        options.add_argument("--headless=new")
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", popen_kw={"preexec_fn": dies_with_parent})
    return webdriver.Chrome(options=options, service=service)


def fresh_tab(driver, width, height):
    """`driver` as a new browser would be: one new tab, no cookies, nothing cached, downloads as by default, the
    window `width` by `height`.

    Emulation (a theme, a viewport, a zoom) belongs to a tab, so it leaves with the tab closed.
    """
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(new)
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
    driver.set_window_size(width, height)
    driver.get_log("browser")


_shared = None


def shared_browser(width, height):
    """The run's one Chromium in a fresh state at `width` by `height`; started on first use, again if it died."""
    global _shared
    if _shared is not None:
        try:
            fresh_tab(_shared, width, height)
            return _shared
        except WebDriverException:
            try:
                _shared.quit()
            except WebDriverException:
                pass
            _shared = None
    _shared = browser(width, height)
    return _shared


@atexit.register
def _quit_shared():
    if _shared is not None:
        _shared.quit()


def page_errors(driver):
    """The page scripts' uncaught errors the browser logged since it was last asked (a refused request is no error)."""
    return [entry["message"] for entry in driver.get_log("browser") if "Uncaught" in entry["message"]]


def theme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def write_clock(path, when):
    """Moves the server's clock file to `when` in one step.

    The server reads the file on every request; written in place, it is empty for a moment, and a server
    that reads it then takes the system clock (another day), so the file is replaced whole.
    """
    fresh = path + ".next"
    with open(fresh, "w", encoding="utf-8") as out:
        out.write(when)
    os.replace(fresh, path)


def wait(driver, condition, seconds=5, message=""):
    """The first true value `condition(driver)` gives within `seconds`; else a TimeoutException with `message`.

    The page draws the board again on every change, so an element found a moment ago may be gone, or not yet
    shown: a stale, missing or not yet interactable element is asked again. Asked every 50 ms, or after as
    long as the last asking took (one that runs the CLI), so the waiting never takes more of the machine than
    what it waits for.
    """
    deadline = time.monotonic() + seconds
    while True:
        started = time.monotonic()
        try:
            value = condition(driver)
            if value:
                return value
        except (StaleElementReferenceException, NoSuchElementException, ElementNotInteractableException):
            pass
        now = time.monotonic()
        if now >= deadline:
            raise TimeoutException(message)
        time.sleep(min(max(0.05, now - started), max(0.0, deadline - now)))


def wait_for_board(driver, seconds=5):
    """Waits for Today's board and for the page's first redraw to be over (`main` is busy while one runs)."""
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main:not([aria-busy]) #regions section"), seconds=seconds,
         message="the board never rendered")


def wait_until_drawn(driver, quiet=2.0, seconds=10):
    """Waits until no redraw has begun or ended for `quiet` seconds: the changes made elsewhere are all drawn.

    The page notices a change within its one-second poll, and one change seen mid-redraw brings another
    redraw, which replaces the screen's menus and forms: a step that opens one must not start before. A
    redraw marks `main` busy (`aria-busy`) while it runs; each mark and unmark is noted as it happens.
    """
    driver.execute_script(
        "if (!window.__redrawSeen) {"
        "  window.__redrawSeen = performance.now();"
        "  new MutationObserver(() => { window.__redrawSeen = performance.now(); })"
        "    .observe(document.querySelector('main'), {attributes: true, attributeFilter: ['aria-busy']});"
        "}")
    wait(driver, lambda d: d.execute_script(
        "return !document.querySelector('main').hasAttribute('aria-busy')"
        " && performance.now() - window.__redrawSeen >= arguments[0];", quiet * 1000),
        seconds=seconds, message=f"the page kept redrawing for {seconds} s")


def focused(driver, attribute):
    """An attribute of the focused element, read in one step: the board may be drawn again between two."""
    return driver.execute_script("const a = document.activeElement; return a ? a.getAttribute(arguments[0]) : null;", attribute)


def by_label(driver, label):
    """The element named `label` on the screen shown (another screen may hold a hidden one of that name)."""
    found = driver.find_elements(By.CSS_SELECTOR, f'[aria-label="{label}"]')
    shown = [element for element in found if element.is_displayed()]
    return (shown or found or [None])[0]


def click(driver, label):
    """Clicks the control named `label`, again if the board was drawn anew between finding and clicking it,
    or once it is shown when the screen that holds it is still being drawn.

    The control is brought to the middle of the window first, as a person looks at what they click:
    left where WebDriver would leave it, at the bottom edge, the undo toast of the last action lies over it.
    """
    def centred_click(d):
        control = by_label(d, label)
        if control is None:
            return False
        d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", control)
        try:
            control.click()
        except ElementNotInteractableException:
            return False
        return True
    wait(driver, centred_click, message=f"could not click {label}")


def choose(driver, title, item):
    """Opens the menu of actions of the task `title` (W-21's menu button) and picks the item named `item`."""
    def opened(d):
        shown = by_label(d, item)
        if shown is not None and shown.is_displayed():
            return True
        # Not open (yet, or a redraw came between): press the menu button, as a person would again.
        button = by_label(d, f"More actions for {title}")
        if button is not None and button.get_attribute("aria-expanded") != "true":
            d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", button)
            button.click()
        return False
    wait(driver, opened, seconds=10, message=f"no {item} in the menu of {title}")
    click(driver, item)


_axe_source = None


def axe_violations(driver):
    """axe-core's violations of the WCAG tags on the page as it stands; axe is read once and put in a page once."""
    global _axe_source
    if _axe_source is None:
        with open(AXE, encoding="utf-8") as source:
            _axe_source = source.read()
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(_axe_source)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(r => done(r.violations.map(v => v.id + ': ' + v.help + ' ' + v.nodes.map(n => n.target.join(' ')).join(', '))))"
        ".catch(e => done(['axe failed: ' + e]));", AXE_TAGS)


def relative_luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"


def public_key_hash(certificate_path):
    """SHA-256 of the certificate's SubjectPublicKeyInfo, base64: what Chromium's SPKI list takes."""
    key = subprocess.run(["openssl", "x509", "-in", certificate_path, "-noout", "-pubkey"], capture_output=True, text=True,
                         check=True).stdout
    der = base64.b64decode("".join(line for line in key.splitlines() if not line.startswith("-----")))
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def phone_browser(spki):
    """A Chromium of its own, as a phone's (its user agent, 375 px), that trusts only the certificate with
    public key hash `spki`; the caller quits it."""
    profile = tempfile.mkdtemp(prefix="charflow-phone-profile-")
    options = webdriver.ChromeOptions()
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    options.binary_location = WHOLE_CHROMIUM  # the headless shell does not start with a profile folder (--user-data-dir)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=375,800",
                 "--lang=en-GB", f"--user-data-dir={profile}", f"--ignore-certificate-errors-spki-list={spki}",
                 f"--user-agent={PHONE}"):
        options.add_argument(flag)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", popen_kw={"preexec_fn": dies_with_parent})
    driver = webdriver.Chrome(options=options, service=service)
    driver.profile_folder = profile
    return driver


class BrowserTestCase(unittest.TestCase):
    """A fresh store per test, the run's Chromium opened on its page in a fresh tab, screenshots by name."""

    def setUp(self):
        # Cleanups run after tearDown, and even when setUp fails part way.
        self.store = Store()
        self.addCleanup(self.store.close)
        self.driver = None
        self.own_browsers = []
        self.addCleanup(lambda: [driver.quit() for driver in self.own_browsers])

    def tearDown(self):
        for driver in {id(d): d for d in [self.driver, *self.own_browsers] if d is not None}.values():
            self.assertEqual(page_errors(driver), [], "the page's scripts failed")

    def browser(self, width=1280, height=900):
        """The run's Chromium in a fresh state at `width` by `height`."""
        self.driver = shared_browser(width, height)
        return self.driver

    def phone(self, certificate_path):
        """A phone's Chromium of this test's own trusting `certificate_path` (`phone_browser`), quit when the test ends."""
        driver = phone_browser(public_key_hash(certificate_path))
        self.addCleanup(shutil.rmtree, driver.profile_folder, True)
        self.own_browsers.append(driver)
        self.driver = driver
        return driver

    def own_browser(self, **options):
        """A Chromium of this test's own (with `network_log` or `whole`, say: `browser`), quit when the test ends."""
        driver = browser(**options)
        self.own_browsers.append(driver)
        self.driver = driver
        return driver

    def open_page(self, width=1280, height=900, fragment=""):
        """Opens the page (at `#fragment` if given) and waits for Today's board, which every screen loads,
        drawn again with all it needs (`main` no longer busy), so no first redraw replaces what a test finds."""
        self.browser(width, height)
        self.driver.get(self.store.serve())
        wait_for_board(self.driver)
        if fragment:
            self.driver.execute_script("location.hash = arguments[0]", fragment)
        return self.driver

    def screenshot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    def viewport(self, width=320, height=800, scale=1, mobile=True):
        """Makes the page's viewport `width` CSS px wide (a phone at 320; 640 at scale 2 is 200% zoom)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})

    def assert_no_horizontal_scroll(self, where):
        # The screen scrolls inside `main` (the toast and the banner have rows of their own): both count.
        overflow = self.driver.execute_script(
            "const m = document.querySelector('main');"
            "return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth,"
            " m.scrollWidth - m.clientWidth)")
        self.assertLessEqual(overflow, 0, f"{where}: {overflow} px of horizontal scroll")

    def assert_no_axe_violations(self, where):
        violations = axe_violations(self.driver)
        self.assertEqual(violations, [], f"{where}: {violations}")

    def check_both_themes(self, where, name):
        """Zero axe violations in light and in dark as the screen stands, a screenshot of each; ends light."""
        for scheme in ("light", "dark"):
            theme(self.driver, scheme)
            self.assert_no_axe_violations(f"{where}, {scheme}")
            self.screenshot(f"{name}-{scheme}")
        theme(self.driver, "light")
