"""The phone's page (rule M-5): at 375 px every daily action is under the thumb (a bar at the foot of the
screen with Today, Add, Habits, the Backlog and More; controls a thumb can take), no screen scrolls sideways,
the page installs as an app, and over HTTPS with a trusted certificate the last Today stays readable when
Charflow does not answer, with its age said, while nothing tried meanwhile is kept to be sent later.
"""

import glob
import json
import os
import socket
import subprocess
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BINARY, NOW, BrowserTestCase, by_label, choose, click, focused, wait, wait_for_board

# A thumb's target: Apple's and Android's guides ask for 44 pt / 48 dp; WCAG 2.5.8 for at least 24 px.
THUMB = 44
SMALLEST = 24


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PhoneDailyTests(BrowserTestCase):

    def plan_a_day(self):
        s = self.store
        s.cli("add", "Water plants", "--region", "morning", "--bucket", "must")
        s.cli("add", "Email Sam", "--region", "afternoon", "--bucket", "complementary")
        s.cli("add", "Sort receipts")
        s.cli("habit", "add", "Stretch", now="2026-11-20T09:00")
        s.cli("anchor", "add", "Standup", "--at", "09:30", "--for", "15m", "--weekdays", now="2026-11-20T09:00")

    def titles_in(self, region):
        """The titles in a region of today's board, as the CLI reads the store, each with whether it is done."""
        buckets = self.store.cli("today")["regions"][region]
        return {task["title"]: task["isCompleted"] for bucket in ("mustDo", "complementary", "misc") for task in buckets[bucket]}

    def box(self, element):
        return self.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)

    def assert_thumb_sized(self, element, what, smallest=THUMB):
        left, top, width, height = self.box(element)
        self.assertGreaterEqual(min(width, height), smallest, f"{what} is {width:.0f}×{height:.0f} px")

    def test_M5_at_375_px_the_daily_actions_are_under_the_thumb_and_no_screen_scrolls_sideways(self):
        self.plan_a_day()
        d = self.open_page()
        self.viewport(375, 740)
        height = d.execute_script("return window.innerHeight")
        bar = d.find_element(By.CSS_SELECTOR, "nav.thumb-bar")
        self.assertTrue(bar.is_displayed())
        left, top, width, bar_height = self.box(bar)
        self.assertAlmostEqual(top + bar_height, height, delta=1, msg="the bar is not at the foot of the screen")
        self.assertEqual(round(width), 375)
        items = bar.find_elements(By.CSS_SELECTOR, "a, button")
        self.assertEqual([item.text for item in items], ["Today", "Add", "Habits", "Backlog", "More"])
        for item in items:
            self.assert_thumb_sized(item, f"the bar's {item.text}")
        self.assertEqual(bar.find_element(By.CSS_SELECTOR, "a[aria-current=page]").text, "Today")
        # The header keeps the name and the session; the screens' menu is the bar's More.
        self.assertFalse(d.find_element(By.ID, "screens-button").is_displayed())

        # Today's own actions: complete (a box WCAG's 24 px on a row a thumb can take), the row's menu
        # (defer, begin), and today's mark of an anchor.
        box = by_label(d, "Complete Water plants")
        self.assert_thumb_sized(box, "the Complete box", SMALLEST)
        row = box.find_element(By.XPATH, "./ancestor::li[1]")
        self.assertGreaterEqual(self.box(row)[3], THUMB, "a task's row is shorter than a thumb")
        self.assert_thumb_sized(by_label(d, "More actions for Water plants"), "a row's menu button")
        self.assert_thumb_sized(by_label(d, "Attended: Standup, today"), "an anchor's Attended", SMALLEST)

        # Add: quick add's line, focused, from any screen.
        d.find_element(By.CSS_SELECTOR, ".thumb-bar a[data-screen=backlog]").click()
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed())
        self.assertEqual(bar.find_element(By.CSS_SELECTOR, "a[aria-current=page]").text, "Backlog")
        d.find_element(By.ID, "thumb-add").click()
        wait(d, lambda d: focused(d, "id") == "quick-line", message="Add did not open quick add")
        self.assertTrue(d.find_element(By.ID, "view-today").is_displayed())

        # More: the other screens as a sheet above the bar; Esc closes it, focus back on More.
        more = d.find_element(By.ID, "thumb-more")
        more.click()
        wait(d, lambda d: focused(d, "id") == "nav-today", message="the screens' sheet did not take focus")
        self.assertEqual(more.get_attribute("aria-expanded"), "true")
        sheet = self.box(d.find_element(By.ID, "nav-list"))
        self.assertLessEqual(sheet[1] + sheet[3], top + 1, "the screens' sheet lies over the bar")
        self.check_both_themes("the screens' sheet at 375 px", "phone-more-375")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        wait(d, lambda d: focused(d, "id") == "thumb-more", message="Esc did not return focus to More")
        self.assertEqual(more.get_attribute("aria-expanded"), "false")

        # Habits: today's control on each card, under the thumb.
        d.find_element(By.CSS_SELECTOR, ".thumb-bar a[data-screen=habits]").click()
        wait(d, lambda d: by_label(d, "Mark done: Stretch, today") is not None and by_label(d, "Mark done: Stretch, today").is_displayed())
        self.assert_thumb_sized(by_label(d, "Mark done: Stretch, today"), "a habit's Mark done")
        click(d, "Mark done: Stretch, today")
        wait(d, lambda d: by_label(d, "Mark not done: Stretch, today") is not None)

        # The home screens' PNG icons are the SVG as Chromium draws it; a rounded one's corners are clear,
        # a maskable one (and iOS's, which it rounds itself) fills its square.
        compared = d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const draw = async (src, size, into) => {
              const image = new Image(); image.src = src; await image.decode();
              const canvas = document.createElement("canvas"); canvas.width = canvas.height = size;
              const g = canvas.getContext("2d"); g.drawImage(image, 0, 0, size, size);
              return { natural: image.naturalWidth, data: g.getImageData(0, 0, size, size).data };
            };
            (async () => {
              const svg = await draw("/icon.svg", 192), png = await draw("/icon-192.png", 192);
              let total = 0;
              for (let i = 0; i < svg.data.length; i++) total += Math.abs(svg.data[i] - png.data[i]);
              const sizes = [];
              for (const [src, size] of [["/icon-180.png", 180], ["/icon-512.png", 512], ["/icon-maskable-512.png", 512]]) {
                const drawn = await draw(src, size);
                sizes.push([src, drawn.natural, drawn.data[3]]);
              }
              done({ mean: total / svg.data.length, corner: png.data[3], sizes,
                     apple: document.querySelector('link[rel="apple-touch-icon"]').getAttribute("href") });
            })().catch((error) => done({ error: String(error) }));
        """)
        self.assertNotIn("error", compared)
        self.assertLess(compared["mean"], 3, "the PNG icon is not the SVG drawn")
        self.assertEqual(compared["corner"], 0, "a rounded icon's corner is not clear")
        self.assertEqual(compared["sizes"], [["/icon-180.png", 180, 255], ["/icon-512.png", 512, 0], ["/icon-maskable-512.png", 512, 255]])
        self.assertEqual(compared["apple"], "/icon-180.png")

        # No screen scrolls sideways at 375 px.
        for fragment, shown in (("#today", "view-today"), ("#region/morning", "view-region"), ("#backlog", "view-backlog"),
                                ("#habits", "view-habits"), ("#anchors", "view-anchors"), ("#upcoming", "view-upcoming"),
                                ("#review", "view-review"), ("#settings", "view-settings"), ("#night", "view-night"),
                                ("#search", "view-search"), ("#conflicts", "view-conflicts")):
            d.execute_script("location.hash = arguments[0]", fragment)
            wait(d, lambda d: d.find_element(By.ID, shown).is_displayed() and not d.find_elements(By.CSS_SELECTOR, "main[aria-busy]"),
                 message=f"{fragment} did not show")
            self.assert_no_horizontal_scroll(f"{fragment} at 375 px")
        d.execute_script("location.hash = '#today'")
        wait(d, lambda d: d.find_element(By.ID, "view-today").is_displayed())
        self.check_both_themes("Today at 375 px with the bar", "phone-today-375")

    def test_M5_over_https_the_phone_plans_completes_defers_logs_installs_and_keeps_the_last_today_offline(self):
        store = self.store
        self.plan_a_day()
        port = free_port()
        served = ["serve", "--listen", f"127.0.0.1:{port}", "--now", NOW]
        store.start(served)
        certificate = glob.glob(os.path.join(store.folder, ".local", "state", "charflow", "serve-*.tls-cert"))[0]
        paired = subprocess.run([BINARY, "pair", "--json"], env=store.env, capture_output=True, text=True)
        self.assertEqual(paired.returncode, 0, paired.stderr)
        link = json.loads(paired.stdout)["url"]
        home = link.split("/pair")[0] + "/"

        d = self.phone(certificate)
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        d.get(link)
        wait_for_board(d, seconds=10)

        # Plan: Add, a line, a region.
        d.find_element(By.ID, "thumb-add").click()
        wait(d, lambda d: focused(d, "id") == "quick-line")
        d.switch_to.active_element.send_keys("Call the bank")
        d.execute_script("const s = document.getElementById('quick-where'); s.value = 'evening/misc'; s.dispatchEvent(new Event('change'))")
        d.find_element(By.CSS_SELECTOR, "#quick-form button[type=submit]").click()
        wait(d, lambda d: "Call the bank" in self.titles_in("evening"),
             message="the phone's quick add did not reach the store")
        # Complete and defer from the row.
        click(d, "Complete Water plants")
        wait(d, lambda d: self.titles_in("morning")["Water plants"], message="the completion did not reach the store")
        choose(d, "Email Sam", "Defer Email Sam to tomorrow")
        wait(d, lambda d: "Email Sam" not in self.titles_in("afternoon"),
             message="the deferral did not reach the store")
        # Log a habit from the bar's Habits.
        d.find_element(By.CSS_SELECTOR, ".thumb-bar a[data-screen=habits]").click()
        wait(d, lambda d: by_label(d, "Mark done: Stretch, today") is not None, message="Habits did not show")
        click(d, "Mark done: Stretch, today")
        wait(d, lambda d: store.cli("habit", "list")["habits"][0]["isDoneToday"], message="the habit was not logged")
        d.find_element(By.CSS_SELECTOR, ".thumb-bar a[data-screen=today]").click()
        wait_for_board(d)

        # Installable, and the worker in charge of the page.
        self.assertEqual(d.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors"), [])
        wait(d, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), seconds=10,
             message="the service worker never took charge")
        # Today's reads pass through the worker once it is in charge: the copy holds the day as it stands.
        d.get(home)
        wait_for_board(d, seconds=10)
        wait(d, lambda d: d.execute_script(
            "return caches.open('charflow-today').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname + new URL(r.url).search))"),
            message="nothing kept")
        kept = d.execute_script(
            "return caches.open('charflow-today').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname + new URL(r.url).search))")
        for read in ("/", "/api/today", "/api/changes"):
            self.assertIn(read, kept)
        self.assertFalse(d.find_element(By.ID, "offline-copy").is_displayed())

        # Charflow goes away: the page opens again from the copy, says how old it is, and refuses a change.
        before = self.titles_in("evening")
        store.stop(store.server)
        d.get(home)
        wait(d, lambda d: d.find_element(By.ID, "offline-copy").is_displayed(), seconds=10, message="the copy was not said")
        wait_for_board(d, seconds=10)
        self.assertRegex(d.find_element(By.ID, "offline-copy").text,
                         r"^Charflow is not answering\. This is Today as it was (a moment|\d+ minutes?) ago; nothing can be changed")
        titles = d.execute_script("return Array.from(document.querySelectorAll('#regions .title-link')).map(a => a.textContent)")
        self.assertIn("Call the bank", titles)
        self.assert_no_horizontal_scroll("the kept copy at 375 px")
        self.check_both_themes("the kept copy at 375 px", "phone-offline-375")
        click(d, "Complete Call the bank")
        wait(d, lambda d: "not answering" in d.find_element(By.ID, "problem").text + d.find_element(By.ID, "toast").text,
             message="a change tried offline was not refused in words")
        # The page's poll, answered from the copy meanwhile, leaves the refusal where it is.
        time.sleep(2.5)
        self.assertIn("not answering", d.find_element(By.ID, "problem").text + d.find_element(By.ID, "toast").text)

        # Charflow answers again: the copy's banner goes, and nothing tried meanwhile was kept and sent.
        store.start(served)
        wait(d, lambda d: not d.find_element(By.ID, "offline-copy").is_displayed(), seconds=10, message="the banner stayed")
        self.assertEqual(self.titles_in("evening"), before)
        # Nothing could be sent later: the worker passes every write by, and keeps no request but reads.
        kept = d.execute_script("return caches.open('charflow-today').then(c => c.keys()).then(k => k.map(r => r.method))")
        self.assertEqual(set(kept), {"GET"})
        self.assertFalse(d.execute_script("return navigator.serviceWorker.ready.then(r => 'sync' in r && r.sync.getTags ? r.sync.getTags().then(t => t.length > 0) : false)"))

        # Revoked: the next request is refused, and the browser keeps nothing.
        revoked = subprocess.run([BINARY, "pair", "--revoke", "Chrome on Android"], env=store.env, capture_output=True, text=True)
        self.assertEqual(revoked.returncode, 0, revoked.stderr)
        d.get(home)
        self.assertIn("pairing has been revoked", d.find_element(By.TAG_NAME, "body").text)
        wait(d, lambda d: d.execute_script("return caches.has('charflow-today').then(has => !has)"),
             message="a revoked browser kept its copy")


if __name__ == "__main__":
    unittest.main()
