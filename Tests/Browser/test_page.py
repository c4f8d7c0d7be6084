"""Today, Region focus and the Backlog in a real browser: headless Chromium driven by selenium against a
real `charflow serve` (see browser_support.py for how each test starts its own store and server).
"""

import os
import re
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import (BrowserTestCase, axe_violations, by_label, choose, click, contrast, focused,
                             page_errors, theme, wait, wait_for_board, write_clock)


class PageTests(BrowserTestCase):
    """Today in the browser (W-8, W-9, W-15, W-17, W-18, W-19)."""

    def plan_a_day(self):
        """The board of the story: a Must-Do, two Complementary, one Misc done, a Backlog task, a habit, a session."""
        s = self.store
        self.must = s.cli("add", "Finish project proposal", "--region", "morning", "--bucket", "must")["id"]
        s.cli("add", "Review notes", "--region", "morning", "--bucket", "complementary")
        s.cli("add", "Email Sam", "--region", "morning", "--bucket", "complementary")
        misc = s.cli("add", "Water plants", "--region", "morning", "--bucket", "misc")["id"]
        s.cli("done", misc)
        s.cli("add", "Call the dentist", "--region", "evening", "--bucket", "misc", "--category", "Family")
        s.cli("add", "Sort the loft")
        s.cli("habit", "add", "Stretch")
        s.cli("begin", self.must)

    def test_W8_today_shows_the_region_cards_progress_due_backlog_habits_and_running_chip(self):
        self.plan_a_day()
        d = self.open_page()
        label = "Morning region, 1 Must-Do, 2 Complementary, 1 Misc, 25% complete"
        self.assertIsNotNone(by_label(d, label), [e.get_attribute("aria-label") for e in d.find_elements(By.CSS_SELECTOR, "#regions section")])
        # The board is drawn anew on every change (a notice marked seen is one): the card is read as found
        # at that moment.
        text = wait(d, lambda d: by_label(d, label).text)
        for part in ("Morning", "Must-Do 1/1", "Complementary 2/3", "Misc 1/5", "25% complete", "Finish project proposal"):
            self.assertIn(part, text)
        # A Must-Do is marked in words, not by colour alone (W-18): it sits under the "Must-Do" heading.
        self.assertEqual(wait(d, lambda d: d.execute_script(
            "return arguments[0].querySelector('li.must').closest('ul').previousElementSibling.textContent", by_label(d, label))), "Must-Do")
        self.assertIsNotNone(by_label(d, "Afternoon region, 0 Must-Do, 0 Complementary, 0 Misc, 0% complete"))
        self.assertIn("Call the dentist", by_label(d, "Evening region, 0 Must-Do, 0 Complementary, 1 Misc, 0% complete").text)
        self.assertEqual(d.find_element(By.ID, "overall").text, "1 of 5 done today, 20% complete.")
        self.assertEqual(d.find_element(By.ID, "backlog").text, "Backlog: 1 task waiting.")
        self.assertIn("Stretch", d.find_element(By.ID, "habits").text)
        self.assertIn("Focus: Finish project proposal, running", d.find_element(By.ID, "chip").text)
        self.assertEqual(d.find_element(By.ID, "day").text, "Mon 30 Nov")
        # The done Misc task is struck through and its box checked.
        water = by_label(d, "Complete Water plants")
        self.assertTrue(water.is_selected())

    def test_D21_a_second_load_downloads_only_the_html_the_page_files_come_from_the_cache(self):
        self.plan_a_day()
        d = self.own_browser()
        d.get(self.store.serve())
        wait_for_board(d)
        resources = ("return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname.startsWith('/v/'))"
                     ".map(e => [new URL(e.name).pathname, e.transferSize])")
        first = d.execute_script(resources)
        files = sorted(path.rsplit("/", 1)[-1] for path, _ in first)
        self.assertIn("main.mjs", files)
        self.assertIn("app.css", files)
        self.assertIn("habits.css", files)
        self.assertTrue(all(size > 0 for _, size in first), f"the first load took a file from a cache: {first}")
        # A second load (a new navigation, as opening the page again): only the HTML comes over the wire.
        d.get(self.store.url.split("?")[0])
        wait_for_board(d)
        html = d.execute_script("return performance.getEntriesByType('navigation')[0].transferSize")
        second = d.execute_script(resources)
        self.assertGreater(html, 0, "the HTML carries the token: it is never cached")
        self.assertEqual(sorted(path.rsplit("/", 1)[-1] for path, _ in second), files)
        self.assertEqual([(path, size) for path, size in second if size != 0], [], "a page file came over the wire again")

    def test_W22_a_bad_link_says_calmly_that_nothing_is_there(self):
        self.plan_a_day()
        d = self.open_page()
        for address in ("#task/x", "#somewhere"):
            d.execute_script("location.hash = arguments[0]", address)
            wait(d, lambda d: d.find_element(By.ID, "problem").text == f"Nothing is at the address {address}, so this is Today.",
                 message=f"{address}: the banner says {d.find_element(By.ID, 'problem').text!r}")
            self.assertTrue(d.find_element(By.ID, "view-today").is_displayed())
        d.execute_script("location.hash = '#task/unknown'")
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed() and "That task is not here any more." in d.find_element(By.ID, "view-task").text,
             message="an unknown task id does not say so")
        self.assertEqual(d.find_element(By.ID, "problem").text, "", "the words of the bad address stayed")
        self.check_both_themes("a task that is not found", "task-not-found")

    def test_W8_S13_the_chip_names_a_habit_session_by_its_habit(self):
        habit = self.store.cli("habit", "add", "Read", "--kind", "timed", "--target", "20")["id"]
        self.store.cli("habit", "begin", habit)
        d = self.open_page()
        wait(d, lambda d: d.find_element(By.ID, "chip").text == "Focus: Read, running")

    def test_W9_region_focus_shows_the_buckets_in_order_completes_and_quick_adds_to_Misc_by_default(self):
        self.plan_a_day()
        d = self.open_page()
        wait(d, lambda d: d.find_element(By.LINK_TEXT, "Morning").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "view-region").is_displayed())
        self.assertEqual(d.title, "Charflow · Morning")
        self.assertEqual(d.find_element(By.ID, "region-title").text, "Morning")
        self.assertEqual([h.text for h in d.find_elements(By.CSS_SELECTOR, "#region-buckets h2")],
                         ["Must-Do 1/1", "Complementary 2/3", "Misc 1/5"])
        self.assertEqual(d.find_element(By.ID, "region-summary").text,
                         "Morning region, 1 Must-Do, 2 Complementary, 1 Misc, 25% complete. 1 h 30 planned · 6 h free.")
        self.assertEqual(Select(d.find_element(By.ID, "region-bucket")).first_selected_option.text, "Misc")
        line = d.find_element(By.ID, "region-line")
        line.send_keys("Buy stamps ~15 #Personal")
        wait(d, lambda d: "Category: Personal" in d.find_element(By.ID, "region-parse").text)
        line.send_keys(Keys.ENTER)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added “Buy stamps”."))
        misc = [t["title"] for t in self.store.cli("today")["regions"]["morning"]["misc"]]
        self.assertEqual(misc, ["Water plants", "Buy stamps"])
        wait(d, lambda d: [h.text for h in d.find_elements(By.CSS_SELECTOR, "#region-buckets h2")][2] == "Misc 2/5")
        # Completing here is the same action as on Today.
        click(d, "Complete Email Sam")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Email Sam”."))
        # The lock (D9), turned on from the terminal, shows in words within two seconds.
        self.store.cli("settings", "lock-complementary", "on")
        wait(d, lambda d: "Locked until the Must-Do is done." in d.find_element(By.ID, "region-buckets").text, seconds=2)
        self.check_both_themes("Region focus", "region")
        d.find_element(By.LINK_TEXT, "Today").click()
        wait(d, lambda d: d.find_element(By.ID, "view-today").is_displayed())
        self.assertEqual(d.find_element(By.ID, "nav-today").get_attribute("aria-current"), "page")

    def test_W8_the_page_moves_to_the_new_day_at_the_rollover_without_a_reload(self):
        s = self.store
        s.cli("add", "Finish project proposal", "--region", "morning", "--bucket", "must", now="2026-11-30T23:50")
        clock = os.path.join(s.folder, "clock")
        write_clock(clock, "2026-11-30T23:58")
        self.browser()
        self.driver.get(s.serve(clock_file=clock))
        d = self.driver
        wait(d, lambda d: by_label(d, "Complete Finish project proposal") is not None)
        self.assertEqual(d.find_element(By.ID, "day").text, "Mon 30 Nov")
        d.execute_script("window.charflowMark = 1")
        write_clock(clock, "2026-12-01T00:01")
        wait(d, lambda d: d.find_element(By.ID, "day").text == "Tue 1 Dec", seconds=4, message="the page kept yesterday")
        self.assertEqual(d.execute_script("return window.charflowMark"), 1, "the page was reloaded")
        # The rollover took the unfinished Must-Do off the new day's board, as `charflow today` shows it.
        wait(d, lambda d: by_label(d, "Morning region, 0 Must-Do, 0 Complementary, 0 Misc, 0% complete") is not None)
        self.assertEqual(d.find_element(By.ID, "backlog").text, "Backlog: 1 task waiting.")

    def test_W9_quick_add_shows_every_token_while_typing_and_adds_the_task(self):
        d = self.open_page()
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("Call the bank !high ~30m @tomorrow #Work")
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#quick-parse [data-kind]")) == 4, message="tokens not shown")
        shown = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-parse .token")]
        self.assertEqual(shown, ["Title: Call the bank", "Importance: high", "Effort: 30 min",
                                 "Day: tomorrow (Tue 1 Dec)", "Category: Work"])
        Select(d.find_element(By.ID, "quick-where")).select_by_visible_text("Afternoon, Misc")
        line.send_keys(Keys.ENTER)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added “Call the bank”."), message="no toast")
        self.assertEqual(line.get_attribute("value"), "")
        self.assertEqual(d.switch_to.active_element, line)
        # Dated tomorrow, it waits on tomorrow's Afternoon board.
        [task] = self.store.cli("list")["tasks"]
        self.assertEqual((task["title"], task["importance"], task["effortMinutes"], task["dueDate"], task["category"],
                          task["region"], task["bucket"]),
                         ("Call the bank", "high", 30, "2026-12-01", "Work", "afternoon", "misc"))
        # A line for today shows on today's board at once.
        line.send_keys("Pay the rent ~15 @today")
        wait(d, lambda d: "Day: today (Mon 30 Nov)" in d.find_element(By.ID, "quick-parse").text)
        line.send_keys(Keys.ENTER)
        wait(d, lambda d: by_label(d, "Complete Pay the rent") is not None, message="the added task is not on the board")
        self.assertIn("Pay the rent", by_label(d, "Afternoon region, 0 Must-Do, 0 Complementary, 1 Misc, 0% complete").text)

    def test_W9_quick_add_refuses_an_unknown_token_in_words_and_keeps_a_backslash_sign(self):
        d = self.open_page()
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("Call the bank !urgent")
        wait(d, lambda d: "'!urgent' is not something quick add knows" in d.find_element(By.ID, "quick-parse").text)
        line.send_keys(Keys.ENTER)
        time.sleep(0.5)
        self.assertEqual(self.store.cli("today")["backlogCount"], 0)
        line.clear()
        line.send_keys("Reply to \\#42 @today")
        wait(d, lambda d: "Title: Reply to #42" in d.find_element(By.ID, "quick-parse").text)
        line.send_keys(Keys.ENTER)
        wait(d, lambda d: "Added “Reply to #42”." in d.find_element(By.ID, "toast").text)

    def test_W15_complete_with_the_checkbox_then_undo_from_the_toast(self):
        self.plan_a_day()
        d = self.open_page()
        self.assertFalse(by_label(d, "Complete Finish project proposal").is_selected())
        click(d, "Complete Finish project proposal")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Finish project proposal”."))
        self.assertTrue(self.store.cli("show", self.must)["isCompleted"])
        wait(d, lambda d: by_label(d, "Complete Finish project proposal").is_selected())
        # Focus stays on the task's box after the board is drawn again.
        self.assertEqual(focused(d, "aria-label"), "Complete Finish project proposal")
        click(d, "Undo: Completed “Finish project proposal”.")
        wait(d, lambda d: not self.store.cli("show", self.must)["isCompleted"], message="undo did not reach the store")
        wait(d, lambda d: not by_label(d, "Complete Finish project proposal").is_selected())
        wait(d, lambda d: d.find_element(By.ID, "announce").text == "Undone: Completed “Finish project proposal”.")

    def watch_announcements(self):
        """Records every text the page's live regions take from now on (the toast and the second region)."""
        self.driver.execute_script(
            "window.said = []; for (const id of ['toast', 'announce']) { const node = document.getElementById(id);"
            " new MutationObserver(() => { const t = id === 'toast' ? (node.querySelector('span') || {}).textContent : node.textContent;"
            " if (t) window.said.push(id + ': ' + t); }).observe(node, {childList: true, subtree: true, characterData: true}); }")

    def said(self):
        return self.driver.execute_script("return window.said")

    def test_W15_W16_an_action_is_said_once_and_its_undo_says_what_was_undone(self):
        self.plan_a_day()
        d = self.open_page()
        self.watch_announcements()
        click(d, "Complete Review notes")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Review notes”."))
        time.sleep(0.4)
        self.assertEqual(self.said(), ["toast: Completed “Review notes”."], "said more than once")
        d.find_element(By.TAG_NAME, "body").send_keys("z")
        wait(d, lambda d: not self.store.cli("today")["regions"]["morning"]["complementary"][0]["isCompleted"]
             if self.store.cli("today")["regions"]["morning"]["complementary"][0]["title"] == "Review notes" else True)
        wait(d, lambda d: d.find_element(By.ID, "announce").text == "Undone: Completed “Review notes”.", message="undo does not say what")

    def test_W9_W17_the_quick_add_preview_is_said_once_typing_rests_its_parts_apart_and_an_error_marks_the_line(self):
        d = self.open_page()
        line = d.find_element(By.ID, "quick-line")
        self.assertIsNone(d.find_element(By.ID, "quick-parse").get_attribute("aria-live"), "the preview is live on every key")
        self.watch_announcements()
        line.send_keys("Call the bank !high ~30m")
        wait(d, lambda d: any(s.startswith("announce:") for s in self.said()), message="the preview was never said")
        time.sleep(1.2)
        spoken = [s for s in self.said() if s.startswith("announce:")]
        self.assertEqual(spoken, ["announce: Title: Call the bank; Importance: high; Effort: 30 min"])
        self.assertIsNone(line.get_attribute("aria-invalid"))
        line.send_keys(" !urgent")
        wait(d, lambda d: line.get_attribute("aria-invalid") == "true", message="the line is not marked invalid")
        described = line.get_attribute("aria-describedby").split()
        self.assertIn("quick-parse", described)
        self.assertIn("is not something quick add knows", d.find_element(By.ID, "quick-parse").text)
        line.send_keys(Keys.BACKSPACE * 8)
        wait(d, lambda d: line.get_attribute("aria-invalid") is None, message="the mark stayed once the line was right")

    def test_W15_the_toast_leaves_after_five_seconds(self):
        self.plan_a_day()
        d = self.open_page()
        click(d, "Complete Review notes")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed"))
        started = time.monotonic()
        wait(d, lambda d: d.find_element(By.ID, "toast").text == "", seconds=8)
        self.assertGreaterEqual(time.monotonic() - started, 4.0)

    def test_W8_a_change_made_by_the_CLI_shows_within_two_seconds_while_the_page_writes_too(self):
        self.plan_a_day()
        d = self.open_page()
        started = time.monotonic()
        self.store.cli("add", "Added from the terminal", "--region", "afternoon", "--bucket", "must")
        wait(d, lambda d: by_label(d, "Complete Added from the terminal") is not None, seconds=2,
             message="the CLI's task did not show within 2 s")
        self.assertLess(time.monotonic() - started, 2.0)
        # The page writes while the CLI writes.
        click(d, "Complete Email Sam")
        self.store.cli("done", self.must)
        wait(d, lambda d: by_label(d, "Complete Finish project proposal").is_selected(), seconds=2)
        wait(d, lambda d: by_label(d, "Complete Email Sam").is_selected(), seconds=2)
        morning = self.store.cli("today")["regions"]["morning"]
        self.assertEqual(sorted(t["title"] for t in morning["complementary"] + morning["mustDo"] if t["isCompleted"]),
                         ["Email Sam", "Finish project proposal"])

    def test_W17_W18_zero_axe_violations_on_today_in_light_and_dark_with_screenshots(self):
        self.plan_a_day()
        d = self.open_page()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait_for_board(d)
            d.find_element(By.ID, "quick-line").send_keys("Call the bank !high ~30m @tomorrow #Work")
            wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#quick-parse [data-kind]")) == 4)
            self.assertEqual(axe_violations(d), [], scheme)
            self.screenshot(f"today-{scheme}")
            click(d, "Complete Review notes")
            wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed"))
            self.assertEqual(axe_violations(d), [], scheme + " with the toast")
            self.screenshot(f"today-toast-{scheme}")
            click(d, "Undo: Completed “Review notes”.")
            wait(d, lambda d: not by_label(d, "Complete Review notes").is_selected())

    def open_backlog(self):
        d = self.driver
        d.find_element(By.LINK_TEXT, "Backlog").click()
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed() and d.find_elements(By.CSS_SELECTOR, "#backlog-groups section"),
             message="the Backlog never showed")
        return d

    def test_W10_W16_the_Backlog_moves_a_task_to_a_region_with_the_bucket_picker_by_single_pointer(self):
        s = self.store
        loft = s.cli("add", "Sort the loft")["id"]
        s.cli("add", "Renew passport")
        d = self.open_page()
        self.open_backlog()
        self.assertEqual(d.title, "Charflow · Backlog")
        self.assertEqual(d.find_element(By.ID, "backlog-total").text, "2 tasks waiting.")
        heading = d.find_element(By.CSS_SELECTOR, "#backlog-groups section h2").text
        self.assertRegex(heading, r"\(2\)$")
        self.assertEqual(by_label(d, "More actions for Sort the loft").get_attribute("aria-expanded"), "false")
        choose(d, "Sort the loft", "Move to… Sort the loft")
        wait(d, lambda d: focused(d, "id") == f"move-{loft}-region", message="focus did not go to the picker")
        Select(d.find_element(By.ID, f"move-{loft}-region")).select_by_visible_text("Afternoon")
        Select(d.find_element(By.ID, f"move-{loft}-bucket")).select_by_visible_text("Must-Do")
        self.check_both_themes("Backlog with the picker open", "backlog-move")
        d.find_element(By.CSS_SELECTOR, f"#move-{loft} button[type=submit]").click()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Sort the loft” to Afternoon, Must-Do."))
        self.assertEqual([t["title"] for t in s.cli("today")["regions"]["afternoon"]["mustDo"]], ["Sort the loft"])
        wait(d, lambda d: d.find_element(By.ID, "backlog-total").text == "1 task waiting.")

    def test_W16_move_to_on_Today_moves_between_regions_and_to_the_Backlog_and_focus_follows_the_task(self):
        self.plan_a_day()
        d = self.open_page()
        sam = [t for t in self.store.cli("today")["regions"]["morning"]["complementary"] if t["title"] == "Email Sam"][0]["id"]
        choose(d, "Email Sam", "Move to… Email Sam")
        wait(d, lambda d: focused(d, "id") == f"task-move-{sam}-region")
        self.assertEqual(Select(d.switch_to.active_element).first_selected_option.text, "Morning")
        Select(d.find_element(By.ID, f"task-move-{sam}-region")).select_by_visible_text("Evening")
        Select(d.find_element(By.ID, f"task-move-{sam}-bucket")).select_by_visible_text("Must-Do")
        d.find_element(By.CSS_SELECTOR, f"#task-move-{sam} button[type=submit]").click()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Email Sam” to Evening, Must-Do."))
        self.assertEqual([t["title"] for t in self.store.cli("today")["regions"]["evening"]["mustDo"]], ["Email Sam"])
        wait(d, lambda d: focused(d, "aria-label") == "Complete Email Sam")
        self.assertIn("Email Sam", by_label(d, "Evening region, 1 Must-Do, 0 Complementary, 1 Misc, 0% complete").text)
        for scheme in ("light", "dark"):
            theme(d, scheme)
            choose(d, "Review notes", "Move to… Review notes")
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "form.move-form"))
            self.assertEqual(axe_violations(d), [], f"Today with a picker open, {scheme}")
            self.screenshot(f"today-move-{scheme}")
            d.switch_to.active_element.send_keys(Keys.ESCAPE)
            wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "form.move-form"))
            wait(d, lambda d: focused(d, "aria-label") == "More actions for Review notes",
                 message="Esc did not give focus back to the menu button")
        theme(d, "light")
        # To the Backlog: the task leaves the board, focus goes to the screen's heading.
        choose(d, "Email Sam", "Move to… Email Sam")
        wait(d, lambda d: d.find_elements(By.ID, f"task-move-{sam}-region"))
        Select(d.find_element(By.ID, f"task-move-{sam}-region")).select_by_visible_text("Backlog")
        d.find_element(By.CSS_SELECTOR, f"#task-move-{sam} button[type=submit]").click()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Email Sam” to the Backlog."))
        wait(d, lambda d: d.switch_to.active_element.tag_name == "h1")
        self.assertEqual(self.store.cli("today")["backlogCount"], 2)

    def test_W10_the_1_3_5_refusal_is_shown_in_words_where_the_move_failed_and_nothing_changes(self):
        s = self.store
        s.cli("add", "Finish project proposal", "--region", "morning", "--bucket", "must")
        passport = s.cli("add", "Renew passport")["id"]
        d = self.open_page()
        self.open_backlog()
        choose(d, "Renew passport", "Move to… Renew passport")
        wait(d, lambda d: d.find_elements(By.ID, f"move-{passport}-region"))
        Select(d.find_element(By.ID, f"move-{passport}-bucket")).select_by_visible_text("Must-Do")
        d.find_element(By.CSS_SELECTOR, f"#move-{passport} button[type=submit]").click()
        problem = lambda d: d.find_element(By.ID, f"move-{passport}-problem").text
        wait(d, lambda d: problem(d).startswith("Morning region full (1 Must-Do, 3 Complementary, 5 Misc). Must-Do in Morning is full (1 of 1)."), message="no refusal in words")
        self.assertEqual(d.find_element(By.ID, f"move-{passport}-problem").get_attribute("role"), "alert")
        self.assertEqual(s.cli("today")["backlogCount"], 1)
        self.assertEqual(d.find_element(By.ID, "toast").text, "")
        self.check_both_themes("Backlog with a refusal", "backlog-refusal")

    def test_W16_alt_arrows_move_a_task_within_its_bucket_focus_stays_and_a_polite_live_region_announces(self):
        s = self.store
        s.cli("add", "Review notes", "--region", "morning", "--bucket", "complementary")
        s.cli("add", "Email Sam", "--region", "morning", "--bucket", "complementary")
        d = self.open_page()
        self.assertEqual(d.find_element(By.ID, "announce").get_attribute("aria-live"), "polite")
        box = by_label(d, "Complete Email Sam")
        box.send_keys(Keys.ALT, Keys.ARROW_UP)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Email Sam” moved to place 1 of 2 in Morning Complementary."))
        order = lambda: [t["title"] for t in s.cli("today")["regions"]["morning"]["complementary"]]
        self.assertEqual(order(), ["Email Sam", "Review notes"])
        wait(d, lambda d: [e.get_attribute("aria-label") for e in d.find_elements(By.CSS_SELECTOR, "#region-morning li input")]
             == ["Complete Email Sam", "Complete Review notes"])
        self.assertEqual(focused(d, "aria-label"), "Complete Email Sam")
        self.assertFalse(d.switch_to.active_element.is_selected(), "Alt+Up must not tick the box")
        # At the top it says so and changes nothing.
        d.switch_to.active_element.send_keys(Keys.ALT, Keys.ARROW_UP)
        wait(d, lambda d: d.find_element(By.ID, "announce").text == "“Email Sam” is already first in its bucket.")
        self.assertEqual(order(), ["Email Sam", "Review notes"])
        # And back down, then undone from the toast.
        d.switch_to.active_element.send_keys(Keys.ALT, Keys.ARROW_DOWN)
        wait(d, lambda d: order() == ["Review notes", "Email Sam"])
        # The store moves before the page draws it: wait for the page, then ask where focus is.
        wait(d, lambda d: [e.get_attribute("aria-label") for e in d.find_elements(By.CSS_SELECTOR, "#region-morning li input")]
             == ["Complete Review notes", "Complete Email Sam"])
        wait(d, lambda d: focused(d, "aria-label") == "Complete Email Sam", message="focus left the task")
        wait(d, lambda d: by_label(d, "Undo: “Email Sam” moved to place 2 of 2 in Morning Complementary.") is not None)
        click(d, "Undo: “Email Sam” moved to place 2 of 2 in Morning Complementary.")
        wait(d, lambda d: order() == ["Email Sam", "Review notes"])

    def test_W17_shortcuts_are_listed_on_question_mark_work_from_the_keyboard_and_can_be_turned_off(self):
        self.plan_a_day()
        d = self.open_page()
        body = d.find_element(By.TAG_NAME, "body")
        body.send_keys("?")
        wait(d, lambda d: d.find_element(By.ID, "shortcuts").is_displayed())
        self.assertEqual(focused(d, "id"), "shortcuts-title")
        self.assertEqual(d.find_element(By.ID, "shortcuts-button").get_attribute("aria-expanded"), "true")
        self.assertIn("Move the focused task within its bucket", d.find_element(By.ID, "shortcuts").text)
        self.check_both_themes("shortcuts", "shortcuts")
        d.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(d, lambda d: not d.find_element(By.ID, "shortcuts").is_displayed())
        d.switch_to.active_element.send_keys("b")
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed())
        # Focus settles on the new screen's heading once the Backlog is drawn (W-21).
        wait(d, lambda d: d.execute_script("const a = document.activeElement; return a.tagName === 'H1' && a.offsetParent !== null"),
             message="focus did not go to the Backlog's heading")
        d.switch_to.active_element.send_keys("n")
        wait(d, lambda d: focused(d, "id") == "quick-line")
        # Typing in a field types; it does not move between screens.
        d.switch_to.active_element.send_keys("b")
        time.sleep(0.3)
        self.assertTrue(d.find_element(By.ID, "view-today").is_displayed())
        self.assertEqual(d.find_element(By.ID, "quick-line").get_attribute("value"), "b")
        # Turned off, single keys do nothing.
        d.find_element(By.ID, "shortcuts-button").click()
        wait(d, lambda d: d.find_element(By.ID, "shortcuts").is_displayed())
        d.find_element(By.ID, "single-keys").click()
        d.find_element(By.ID, "shortcuts-button").click()
        d.find_element(By.TAG_NAME, "h1").click()
        d.find_element(By.TAG_NAME, "body").send_keys("b")
        time.sleep(0.3)
        self.assertTrue(d.find_element(By.ID, "view-today").is_displayed())

    def test_W17_the_axe_check_finds_a_violation_when_there_is_one(self):
        d = self.open_page()
        self.assertEqual(axe_violations(d), [])
        d.execute_script("document.getElementById('main').append(document.createElement('input'))")
        self.assertTrue(any(v.startswith("label:") for v in axe_violations(d)), "axe did not see an unnamed input")

    def test_an_uncaught_error_of_a_page_script_is_found_as_every_test_looks_for_one(self):
        d = self.open_page()
        self.assertEqual(page_errors(d), [])
        d.execute_script("setTimeout(() => { throw new Error('a fault of the page'); }, 0)")
        errors = wait(d, lambda d: page_errors(d), message="the browser's log kept no uncaught error")
        self.assertIn("a fault of the page", errors[0])

    def test_W18_every_text_token_pair_has_AA_contrast_in_both_themes(self):
        d = self.open_page()
        css = d.execute_script("return fetch('/app.css').then(r => r.text())")
        blocks = css.split("@media (prefers-color-scheme: dark)")
        for name, block in (("light", blocks[0]), ("dark", blocks[1])):
            root = re.search(r":root \{(.*?)\}", block, re.S).group(1)
            tokens = dict(re.findall(r"--([a-z-]+):\s*(#[0-9A-Fa-f]{6})", root))
            pairs = [("ink", "bg"), ("ink", "surface"), ("muted", "bg"), ("muted", "surface"), ("accent-ink", "accent"),
                     ("blue", "bg"), ("blue", "surface"), ("problem", "bg"), ("problem", "surface"), ("bg", "ink"),
                     ("accent", "surface")]
            for text, background in pairs:
                ratio = contrast(tokens[text], tokens[background])
                self.assertGreaterEqual(ratio, 4.5, f"{name}: --{text} on --{background} is {ratio:.2f}:1")
            # Category label colours (task.md) on the surfaces they sit on.
            for label in ("accent", "blue", "ochre", "plum", "slate"):
                self.assertGreaterEqual(contrast(tokens[label], tokens["surface"]), 4.5, f"{name}: --{label}")

    def test_W19_no_horizontal_scroll_at_320_px_in_either_theme(self):
        self.plan_a_day()
        d = self.open_page()
        self.viewport()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait_for_board(d)
            self.assertEqual(d.execute_script("return window.innerWidth"), 320)
            self.assert_no_horizontal_scroll(f"{scheme} at 320 px")
            self.assertEqual(axe_violations(d), [], scheme + " at 320 px")
            self.screenshot(f"today-320-{scheme}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
