"""The Focus screen in a real browser (W-13, with W-15, W-17, W-18): a whole session driven in the page and
checked through `charflow status --json` and `charflow show ID --json`. The server reads its clock from a
file, so the test moves time forward the way the CLI's `--now` does.
"""

import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, axe_violations, by_label, click, theme, wait, wait_for_board, focused, write_clock


def press(driver, label):
    """Clicks the control named `label` once the screen has drawn it."""
    wait(driver, lambda d: by_label(d, label) is not None, message=f"no control named {label}")
    click(driver, label)


class FocusTests(BrowserTestCase):
    """#focus: begin, pause, resume, finish done or stop, one timer, the chip on every screen."""

    def set_clock(self, when):
        write_clock(self.clock, when)

    def open_with_clock(self, when="2026-11-30T09:00", fragment="#focus"):
        """The page over a server whose clock is the file `self.clock`."""
        self.clock = os.path.join(self.store.folder, "clock")
        self.set_clock(when)
        self.browser()
        self.driver.get(self.store.serve(clock_file=self.clock))
        wait_for_board(self.driver)
        self.driver.execute_script("location.hash = arguments[0]", fragment)
        return self.driver

    def text(self, element_id):
        """The element's text, read again if the screen was drawn anew between finding and reading it."""
        return wait(self.driver, lambda d: [d.find_element(By.ID, element_id).text])[0]

    def test_W13_a_whole_session_begin_pause_resume_checklist_and_finish_done(self):
        report = self.store.cli("add", "Write the report", "--region", "morning", "--bucket", "must", "--effort", "30",
                                "--notes", "- [ ] Outline\n- [ ] Draft")["id"]
        self.store.cli("add", "Email Sam", "--region", "afternoon")
        d = self.open_with_clock()
        wait(d, lambda d: d.find_element(By.ID, "view-focus").is_displayed() and d.find_elements(By.ID, "focus-task"))
        self.assertEqual(d.title, "Charflow · Focus")
        self.assertIn("No session is running", d.find_element(By.ID, "view-focus").text)
        Select(d.find_element(By.ID, "focus-task")).select_by_visible_text("Write the report")
        wait(d, lambda d: d.find_element(By.ID, "focus-begin").click() or True)
        wait(d, lambda d: d.find_elements(By.ID, "focus-clock"), message="the timer never showed")
        status = self.store.cli("status", now="2026-11-30T09:00")["session"]
        self.assertEqual((status["taskID"], status["isPaused"], status["estimateMinutes"]), (report, False, 30))
        self.assertIn("Began focus on “Write the report”.", self.text("toast"))
        # The timer counts from the server's elapsed seconds.
        first = self.text("focus-clock")
        wait(d, lambda d: self.text("focus-clock") != first, seconds=3, message="the timer did not count")
        self.assertEqual(self.text("focus-against"), "0 of 30 min")
        # Twelve minutes later, pause: the page shows the server's elapsed time, estimate against actual.
        self.set_clock("2026-11-30T09:12")
        press(d, "Pause Write the report")
        wait(d, lambda d: self.text("focus-state") == "Paused", message="pause")
        self.assertEqual(self.text("focus-clock"), "12:00")
        self.assertEqual(self.text("focus-against"), "12 of 30 min")
        status = self.store.cli("status", now="2026-11-30T09:12")["session"]
        self.assertEqual((status["isPaused"], status["elapsedSeconds"]), (True, 720))
        # Paused, the timer stands still.
        self.assertEqual(self.text("focus-clock"), "12:00")
        # Resume at 09:20: the eight paused minutes do not count.
        self.set_clock("2026-11-30T09:20")
        press(d, "Resume Write the report")
        wait(d, lambda d: self.text("focus-state") == "Running", message="resume")
        self.assertTrue(self.text("focus-clock").startswith("12:"), self.text("focus-clock"))
        self.assertFalse(self.store.cli("status", now="2026-11-30T09:20")["session"]["isPaused"])
        # The task's checklist sits under the timer and ticks through the store.
        press(d, "Check Outline")
        wait(d, lambda d: "- [x] Outline" in self.store.cli("show", report)["notes"], message="checklist tick")
        wait(d, lambda d: by_label(d, "Check Outline").is_selected())
        # Finish as done at 09:45 with a note line: 12 + 25 minutes of work.
        self.set_clock("2026-11-30T09:45")
        wait(d, lambda d: d.find_element(By.ID, "focus-note").send_keys("Sent to Sam") or True)
        wait(d, lambda d: d.find_element(By.ID, "focus-note").get_attribute("value") == "Sent to Sam")
        press(d, "Finish: done, Write the report")
        wait(d, lambda d: self.text("toast").startswith("Finished “Write the report”: done."))
        self.assertIsNone(self.store.cli("status", now="2026-11-30T09:45")["session"])
        shown = self.store.cli("show", report, now="2026-11-30T09:45")
        self.assertTrue(shown["isCompleted"])
        self.assertEqual([(s["outcome"], s["actualSeconds"]) for s in shown["sessions"]], [("finished", 37 * 60)])
        self.assertIn("Sent to Sam", shown["notes"])
        wait(d, lambda d: d.find_elements(By.ID, "focus-task"), message="the picker did not come back")
        self.assertTrue(d.find_element(By.ID, "chip").get_attribute("hidden") is not None)

    def test_W13_begin_from_the_detail_then_stop_for_now_keeps_the_task_open_and_the_time(self):
        task = self.store.cli("add", "Tidy the inbox", "--region", "evening", "--effort", "15")["id"]
        d = self.open_with_clock(fragment="#task/" + task)
        wait(d, lambda d: by_label(d, "Begin focus on Tidy the inbox") is not None)
        press(d, "Begin focus on Tidy the inbox")
        wait(d, lambda d: d.find_element(By.ID, "view-focus").is_displayed() and d.find_elements(By.ID, "focus-clock"))
        self.assertEqual(self.store.cli("status")["session"]["taskID"], task)
        self.set_clock("2026-11-30T09:20")
        press(d, "Stop for now, Tidy the inbox")
        wait(d, lambda d: self.text("toast").startswith("Stopped “Tidy the inbox” for now"))
        shown = self.store.cli("show", task, now="2026-11-30T09:20")
        self.assertFalse(shown["isCompleted"])
        self.assertEqual([(s["outcome"], s["actualSeconds"]) for s in shown["sessions"]], [("abandoned", 20 * 60)])
        self.assertIsNone(self.store.cli("status", now="2026-11-30T09:20")["session"])

    def test_W13_S7_one_timer_a_second_begin_is_refused_in_words_and_settled_by_choice(self):
        first = self.store.cli("add", "Write the report", "--region", "morning")["id"]
        second = self.store.cli("add", "Email Sam", "--region", "afternoon")["id"]
        self.store.cli("begin", first)
        d = self.open_with_clock(fragment="#task/" + second)
        wait(d, lambda d: by_label(d, "Begin focus on Email Sam") is not None)
        self.set_clock("2026-11-30T09:10")
        press(d, "Begin focus on Email Sam")
        refusal = wait(d, lambda d: d.find_element(By.ID, "focus-refused"), message="no refusal shown")
        self.assertTrue(d.find_element(By.ID, "view-focus").is_displayed())
        self.assertTrue(refusal.find_element(By.ID, "focus-refused-text").text.startswith("“Write the report” is running"),
                        refusal.text)
        wait(d, lambda d: focused(d, "id") == "focus-refused", message="focus is not on " + "focus-refused")
        # Nothing changed: the first timer still runs, and is still shown under the refusal.
        self.assertEqual(self.store.cli("status", now="2026-11-30T09:10")["session"]["taskID"], first)
        self.assertIn("Write the report", self.text("focus-task-title"))
        # Settle by choice: stop the first for now (its ten minutes logged), then the second begins.
        wait(d, lambda d: d.find_element(By.ID, "focus-settle-stop").click() or True)
        wait(d, lambda d: "Email Sam" in self.text("focus-task-title") and not d.find_elements(By.ID, "focus-refused"))
        self.assertEqual(self.store.cli("status", now="2026-11-30T09:10")["session"]["taskID"], second)
        earlier = self.store.cli("show", first, now="2026-11-30T09:10")
        self.assertEqual([(s["outcome"], s["actualSeconds"]) for s in earlier["sessions"]], [("abandoned", 600)])
        self.assertFalse(earlier["isCompleted"])

    def test_W13_the_running_chip_is_on_every_screen_and_opens_Focus(self):
        task = self.store.cli("add", "Write the report", "--region", "morning", "--effort", "30")["id"]
        self.store.cli("add", "Sort the loft")
        self.store.cli("begin", task)
        d = self.open_with_clock(fragment="#today")
        for fragment in ("#today", "#region/morning", "#backlog", "#task/" + task, "#settings", "#focus"):
            d.execute_script("location.hash = arguments[0]", fragment)
            wait(d, lambda d: d.execute_script("return location.hash") == fragment)
            link = lambda d: d.find_element(By.CSS_SELECTOR, "#chip a")
            shown, text, href = wait(d, lambda d: (link(d).is_displayed(), link(d).text, link(d).get_attribute("href")))
            self.assertTrue(shown, fragment)
            self.assertEqual(text, "Focus: Write the report, running", fragment)
            self.assertTrue(href.endswith("#focus"), fragment)
        d.execute_script("location.hash = '#backlog'")
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed())
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#chip a").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "view-focus").is_displayed() and d.find_elements(By.ID, "focus-clock"))
        # Paused from the CLI, the chip says so within two seconds.
        self.store.cli("pause")
        wait(d, lambda d: self.text("chip") == "Focus: Write the report, paused", seconds=2)
        wait(d, lambda d: self.text("focus-state") == "Paused", seconds=2)

    def test_W17_W18_W19_zero_axe_violations_on_Focus_in_light_and_dark_with_screenshots(self):
        task = self.store.cli("add", "Write the report", "--region", "morning", "--effort", "30",
                              "--notes", "- [ ] Outline\n- [x] Gather figures")["id"]
        self.store.cli("add", "Email Sam", "--region", "afternoon")
        d = self.open_with_clock()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.ID, "focus-task"))
            self.assertEqual(axe_violations(d), [], scheme + " idle")
            self.screenshot(f"focus-idle-{scheme}")
        self.store.cli("begin", task)
        self.set_clock("2026-11-30T09:17")
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.ID, "focus-clock") and by_label(d, "Check Outline") is not None)
            self.assertEqual(axe_violations(d), [], scheme + " running")
            self.screenshot(f"focus-{scheme}")
        self.viewport()
        d.refresh()
        wait(d, lambda d: d.find_elements(By.ID, "focus-clock"))
        self.assert_no_horizontal_scroll("at 320 px")
        self.screenshot("focus-320-dark")


if __name__ == "__main__":
    unittest.main(verbosity=2)
