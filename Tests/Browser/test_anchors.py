"""The Anchors screen in a real browser (spec D22): add a fixed and a prayer anchor, mark today attended
and missed, undo, edit, archive and restore, the attendance grid and its read, today's prayer times;
checked against `charflow anchor grid ID --json` and `charflow anchors --json` on the same store.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, by_label, click, theme, wait, focused

CREATED = "2026-11-16T08:00"  # two weeks before the tests' clock (a Monday)
LONDON = "51.5074,-0.1278"


class AnchorsTests(BrowserTestCase):
    """Anchors (F-2, F-3, F-4, F-6, F-7)."""

    def open_anchors(self, **size):
        d = self.open_page(fragment="#anchors", **size)
        wait(d, lambda d: d.find_element(By.ID, "view-anchors").is_displayed() and d.find_elements(By.ID, "anchors-heading"),
             message="the Anchors screen never showed")
        return d

    def anchor(self, title, include_archived=False):
        found = [a for a in self.store.cli("anchors", *(["--all"] if include_archived else []))["anchors"] if a["title"] == title]
        return found[0] if found else None

    def grid(self, anchor_id, weeks=4):
        return self.store.cli("anchor", "grid", anchor_id, "--weeks", str(weeks))

    def today_state(self, anchor_id):
        return self.grid(anchor_id, 1)["days"][-1]["state"]

    def cell_state(self, anchor_id, date):
        return self.driver.execute_script(
            "const td = document.querySelector(`#anchor-grid-${arguments[0]} td[data-date='${arguments[1]}']`);"
            "return td ? td.dataset.state : null;", anchor_id, date)

    def text(self, element_id):
        return self.driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText : null;", element_id)

    def type_into(self, element_id, text):
        """Types into a field as the page sees it (its value and an input event), in one step."""
        self.driver.execute_script("const e = document.getElementById(arguments[0]); e.focus(); e.value = arguments[1];"
                                   "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)

    def press_id(self, element_id):
        """Clicks the element `element_id`, again if the screen was drawn anew between finding and clicking it."""
        wait(self.driver, lambda d: d.find_element(By.ID, element_id).click() or True, message=f"could not click {element_id}")

    def attribute(self, element_id, name):
        return self.driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
                                          element_id, name)

    def open_new_form(self):
        d = self.driver
        if not d.execute_script("return document.getElementById('anchor-new-box').open"):
            self.press_id("anchor-new-box-summary")
        wait(d, lambda d: d.find_element(By.ID, "anchor-new-form").is_displayed())

    def add_examples(self):
        s = self.store
        s.cli("settings", "location", LONDON, now=CREATED)
        standup = s.cli("anchor", "add", "Standup", "--at", "09:30", "--for", "15m", "--weekdays", now=CREATED)["id"]
        fajr = s.cli("anchor", "add", "--prayer", "fajr", now=CREATED)["id"]
        s.cli("anchor", "attend", standup, "--date", "2026-11-27")
        s.cli("anchor", "miss", standup, "--date", "2026-11-26")
        s.cli("anchor", "attend", fajr, "--date", "yesterday")
        return standup, fajr

    def test_F2_add_a_fixed_anchor_and_a_prayer_anchor_on_the_page(self):
        self.store.cli("settings", "location", LONDON)
        d = self.open_anchors()
        self.assertEqual(d.title, "Charflow · Anchors")
        self.assertEqual(d.find_element(By.ID, "nav-anchors").get_attribute("aria-current"), "page")
        self.assertIn("No anchors yet", self.text("anchors-summary"))
        self.open_new_form()
        # A fixed anchor: title, time, duration and days (Saturday and Sunday taken off).
        self.type_into("anchor-new-title", "Standup")
        self.type_into("anchor-new-at", "09:30")
        self.type_into("anchor-new-for", "15m")
        for day in (6, 7):
            self.press_id(f"anchor-new-days-{day}")
        self.press_id("anchor-new-submit")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added the anchor “Standup”."))
        standup = self.anchor("Standup")
        self.assertEqual((standup["schedule"], standup["start"], standup["durationMinutes"], standup["days"]),
                         ("fixed", "09:30", 15, [1, 2, 3, 4, 5]))
        wait(d, lambda d: self.text(f"anchor-timing-{standup['id']}") == "09:30 · 15 min · weekdays")
        self.assertEqual(self.text(f"anchor-today-{standup['id']}"), "Today 09:30–09:45, Morning")
        # A prayer anchor: which prayer, titled by it.
        self.press_id("anchor-new-kind-prayer")
        wait(d, lambda d: d.find_elements(By.ID, "anchor-new-prayer"))
        wait(d, lambda d: Select(d.find_element(By.ID, "anchor-new-prayer")).select_by_visible_text("Maghrib") or True)
        self.press_id("anchor-new-submit")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added the anchor “Maghrib”."))
        maghrib = self.anchor("Maghrib")
        self.assertEqual((maghrib["schedule"], maghrib["prayer"], maghrib["durationMinutes"]), ("prayer", "maghrib", 15))
        occurrence = [o for o in self.store.cli("anchors")["today"] if o["anchor"] == maghrib["id"]][0]
        start = occurrence["start"][11:16]
        wait(d, lambda d: (self.text(f"anchor-today-{maghrib['id']}") or "").startswith(f"Today {start}–"))
        # The prayer panel shows the same time the server computed (F-7).
        prayers = self.store.cli("prayers")["days"][0]
        self.assertEqual(d.execute_script("return document.querySelector('#anchor-prayer-times [data-prayer=maghrib] dd').textContent"),
                         prayers["maghrib"][11:16])
        self.assertEqual(prayers["maghrib"][11:16], start)
        # "Add all five" adds the four prayers that have none yet; a second time is refused in words.
        self.press_id("anchor-new-five")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added Fajr, Dhuhr, Asr, Isha."))
        self.assertEqual(sorted(a["prayer"] for a in self.store.cli("anchors")["anchors"] if a["prayer"]),
                         ["asr", "dhuhr", "fajr", "isha", "maghrib"])
        wait(d, lambda d: d.find_elements(By.ID, "anchor-new-five"))
        self.press_id("anchor-new-five")
        wait(d, lambda d: "already" in (self.text("anchor-new-refused") or ""), message="no refusal in words")
        self.assertEqual(len(self.store.cli("anchors")["anchors"]), 6)
        # A fixed anchor without a duration is refused, named, and nothing is added.
        self.press_id("anchor-new-kind-fixed")
        wait(d, lambda d: d.find_elements(By.ID, "anchor-new-at"))
        self.type_into("anchor-new-title", "Lunch")
        self.type_into("anchor-new-at", "12:30")
        self.press_id("anchor-new-submit")
        wait(d, lambda d: self.text("anchor-new-refused"), message="a duration-less anchor was not refused")
        self.assertIsNone(self.anchor("Lunch"))
        self.check_both_themes("Anchors after adding", "anchors-added")

    def test_F4_attended_and_missed_today_undo_and_the_grid_agrees_with_the_CLI(self):
        standup, fajr = self.add_examples()
        d = self.open_anchors()
        self.assertEqual(self.text(f"anchor-mark-{standup}"), "Not marked yet.")
        self.assertEqual(self.cell_state(standup, "2026-11-30"), "open")
        click(d, "Attended: Standup, today")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Standup”, today: attended."))
        self.assertEqual(self.today_state(standup), "attended")
        wait(d, lambda d: self.cell_state(standup, "2026-11-30") == "attended")
        self.assertEqual(self.text(f"anchor-mark-{standup}"), "Attended.")
        self.assertEqual(self.attribute(f"anchor-attend-{standup}", "aria-pressed"), "true")
        self.assertEqual(self.attribute(f"anchor-miss-{standup}", "aria-pressed"), "false")
        # The toast's undo takes the mark back: today is not marked again (F-4).
        click(d, "Undo: “Standup”, today: attended.")
        wait(d, lambda d: self.today_state(standup) == "open")
        wait(d, lambda d: self.text(f"anchor-mark-{standup}") == "Not marked yet.")
        wait(d, lambda d: self.attribute(f"anchor-attend-{standup}", "aria-pressed") == "false")
        # Missed after Attended changes the one mark; `z` undoes the last action, back to attended.
        click(d, "Attended: Standup, today")
        wait(d, lambda d: self.today_state(standup) == "attended")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Standup”, today: attended."))
        click(d, "Missed: Standup, today")
        wait(d, lambda d: self.today_state(standup) == "missed")
        wait(d, lambda d: self.attribute(f"anchor-miss-{standup}", "aria-pressed") == "true")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Standup”, today: missed."))
        d.execute_script("document.getElementById('main').focus()")
        d.find_element(By.TAG_NAME, "body").send_keys("z")
        wait(d, lambda d: self.today_state(standup) == "attended")
        wait(d, lambda d: self.cell_state(standup, "2026-11-30") == "attended")
        # Marking again with the mark the day holds records nothing, and says so.
        click(d, "Attended: Standup, today")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Standup”, today: already attended."))
        self.assertEqual(self.today_state(standup), "attended")
        # The grid is the CLI's, day for day; each cell says its day and state in words.
        weeks = d.execute_script("return document.querySelectorAll(`#anchor-grid-${arguments[0]} thead th`).length;", standup)
        shown = d.execute_script("return Array.from(document.querySelectorAll(`#anchor-grid-${arguments[0]} td[data-date]`))"
                                 ".map(td => [td.dataset.date, td.dataset.state]);", standup)
        self.assertEqual(sorted(shown), sorted([day["date"], day["state"]] for day in self.grid(standup, weeks)["days"]))
        self.assertEqual(self.cell_state(standup, "2026-11-26"), "missed")
        self.assertEqual(self.cell_state(standup, "2026-11-28"), "notScheduled")
        self.assertEqual(d.execute_script(
            "return document.querySelector(`#anchor-grid-${arguments[0]} td[data-date='2026-11-27'] .sr-only`).textContent", standup),
            "Fri 27 Nov: attended")
        self.assertEqual(d.execute_script(
            "return document.querySelector(`#anchor-grid-${arguments[0]} td[data-date='2026-11-27'] .cell`).className", standup),
            "cell d-complete")

    def choose_earlier_day(self, anchor_id, date):
        d = self.driver
        box = f"anchor-earlier-{anchor_id}"
        if not d.execute_script("return document.getElementById(arguments[0]).open", box):
            self.press_id(box + "-summary")
        wait(d, lambda d: d.execute_script("return document.getElementById(arguments[0]).open", box))
        d.execute_script("const input = document.getElementById(arguments[0]); input.value = arguments[1];"
                         "input.dispatchEvent(new Event('change', {bubbles: true}));", box + "-day", date)

    def test_F4_an_earlier_day_of_the_fortnight_is_marked_and_a_day_not_its_own_is_refused_in_words(self):
        standup, fajr = self.add_examples()
        d = self.open_anchors()
        self.choose_earlier_day(standup, "2026-11-25")
        wait(d, lambda d: by_label(d, "Attended: Standup, Wed 25 Nov") is not None)
        self.assertEqual(self.text(f"anchor-earlier-{standup}-state"), "That day: not marked.")
        click(d, "Attended: Standup, Wed 25 Nov")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Standup”, Wed 25 Nov: attended."))
        days = {day["date"]: day["state"] for day in self.grid(standup)["days"]}
        self.assertEqual((days["2026-11-25"], days["2026-11-30"]), ("attended", "open"))
        wait(d, lambda d: self.cell_state(standup, "2026-11-25") == "attended")
        wait(d, lambda d: self.text(f"anchor-earlier-{standup}-state") == "That day: attended.")
        # A Saturday is not the standup's: refused in the server's words, nothing recorded (F-4).
        self.choose_earlier_day(standup, "2026-11-28")
        wait(d, lambda d: by_label(d, "Missed: Standup, Sat 28 Nov") is not None)
        click(d, "Missed: Standup, Sat 28 Nov")
        refusal = f"anchor-earlier-{standup}-refused"
        wait(d, lambda d: "not on 2026-11-28" in (self.text(refusal) or ""), message="no refusal in words")
        self.assertEqual({day["date"]: day["state"] for day in self.grid(standup)["days"]}["2026-11-28"], "notScheduled")
        d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", refusal)
        self.check_both_themes("Anchors marking an earlier day", "anchors-earlier")

    def test_F6_the_read_in_numbers_and_no_streak(self):
        standup, fajr = self.add_examples()
        d = self.open_anchors()
        read = self.grid(standup)["read"]
        self.assertTrue(read.startswith("Attended 1 of"), read)
        self.assertEqual(self.text(f"anchor-read-{standup}"), read)
        self.assertEqual(self.text(f"anchor-read-{fajr}"), self.grid(fajr)["read"])
        self.assertNotIn("streak", self.text("view-anchors").lower())

    def test_F6_edit_archive_and_restore_keep_the_history(self):
        standup, fajr = self.add_examples()
        d = self.open_anchors()
        click(d, "Edit Standup")
        wait(d, lambda d: d.find_element(By.ID, f"anchor-edit-{standup}-at").is_displayed())
        self.type_into(f"anchor-edit-{standup}-at", "10:00")
        self.type_into(f"anchor-edit-{standup}-for", "20")
        click(d, "Save changes to Standup")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Saved “Standup”."))
        edited = self.anchor("Standup")
        self.assertEqual((edited["start"], edited["durationMinutes"], edited["days"]), ("10:00", 20, [1, 2, 3, 4, 5]))
        wait(d, lambda d: self.text(f"anchor-timing-{standup}") == "10:00 · 20 min · weekdays")
        # Archive: the card goes, focus goes to the heading, the archived list holds it with Restore.
        click(d, "Archive Standup")
        wait(d, lambda d: d.find_elements(By.ID, "anchor-archived-box"))
        wait(d, lambda d: focused(d, "id") == "anchors-heading", message="focus did not go to the heading")
        self.assertTrue(self.anchor("Standup", include_archived=True)["isArchived"])
        self.assertFalse(d.find_elements(By.CSS_SELECTOR, f'section[data-anchor="{standup}"]'))
        self.assertIn("Archived (1)", self.text("anchor-archived-box"))
        self.press_id("anchor-archived-box-summary")
        click(d, "Restore Standup")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, f'section[data-anchor="{standup}"]'))
        self.assertFalse(self.anchor("Standup")["isArchived"])
        # Its marks were kept through archive and restore (F-6).
        wait(d, lambda d: self.cell_state(standup, "2026-11-27") == "attended")
        self.assertEqual(self.cell_state(standup, "2026-11-26"), "missed")

    def test_F4_F7_a_prayer_anchor_without_a_location_can_be_marked_and_says_where_to_set_one(self):
        fajr = self.store.cli("anchor", "add", "--prayer", "fajr", now=CREATED)["id"]
        d = self.open_anchors()
        self.assertIn("No location is set", self.text("anchor-prayers"))
        self.assertEqual(self.attribute("anchor-set-location", "href"), "#settings")
        self.assertEqual(self.text(f"anchor-today-{fajr}"), "Today: no time until a location is set.")
        click(d, "Attended: Fajr, today")
        wait(d, lambda d: self.today_state(fajr) == "attended")
        # Once a location is set elsewhere, the page shows the times within the poll.
        self.store.cli("settings", "location", LONDON)
        wait(d, lambda d: d.find_elements(By.ID, "anchor-prayer-times"), seconds=8, message="the prayer times never came")
        wait(d, lambda d: (self.text(f"anchor-today-{fajr}") or "").startswith("Today 0"))

    def press(self, key):
        """A key pressed on whatever has focus (the screen may be drawn anew between finding an element and
        typing into it; focus stays on the same control by its id)."""
        ActionChains(self.driver).send_keys(key).perform()

    def test_keyboard_marks_an_anchor_and_adds_one_without_a_mouse(self):
        """F-4 by keyboard: Tab reaches the marks, Enter and Space press them; the radios of the form move by arrows."""
        standup, fajr = self.add_examples()
        d = self.open_anchors()
        self.press_id("anchors-heading")
        for _ in range(40):
            if focused(d, "id") == f"anchor-attend-{standup}":
                break
            self.press(Keys.TAB)
        self.assertEqual(focused(d, "id"), f"anchor-attend-{standup}")
        self.press(Keys.ENTER)
        wait(d, lambda d: self.today_state(standup) == "attended")
        # Focus stays on the button whose state changed.
        wait(d, lambda d: focused(d, "aria-pressed") == "true" and focused(d, "id") == f"anchor-attend-{standup}")
        self.press(Keys.TAB)
        self.assertEqual(focused(d, "id"), f"anchor-miss-{standup}")
        self.press(Keys.SPACE)
        wait(d, lambda d: self.today_state(standup) == "missed")
        # The new-anchor form: its disclosure opens by Enter, the kind radios move by arrow keys.
        d.execute_script("document.getElementById('anchor-new-box-summary').focus()")
        self.press(Keys.ENTER)
        wait(d, lambda d: d.find_element(By.ID, "anchor-new-kind-fixed").is_displayed())
        d.execute_script("document.getElementById('anchor-new-kind-fixed').focus()")
        self.press(Keys.ARROW_RIGHT)
        wait(d, lambda d: d.find_elements(By.ID, "anchor-new-prayer"))
        wait(d, lambda d: focused(d, "id") == "anchor-new-kind-prayer", message="focus left the radio that was chosen")
        self.check_both_themes("Anchors after keyboard use", "anchors-keyboard")

    def test_anchors_screenshots_at_1280_and_375_in_light_and_dark_with_no_axe_violations(self):
        """F-2, F-6: the screen as a person sees it, wide and on a phone, in both themes."""
        standup, fajr = self.add_examples()
        self.store.cli("anchor", "add", "Class", "--at", "18:00", "--for", "1h30m", "--days", "tue,thu", "--remind", "10", now=CREATED)
        d = self.open_anchors()
        click(d, "Attended: Fajr, today")
        wait(d, lambda d: self.today_state(fajr) == "attended")
        d.execute_script("document.getElementById('anchor-new-box').open = true;"
                         "document.getElementById('anchors-heading').scrollIntoView()")
        self.check_both_themes("Anchors at 1280 px", "anchors-1280")
        self.assert_no_horizontal_scroll("Anchors at 1280 px")
        self.viewport(width=375, height=812)
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#view-anchors section.anchor"))
            self.assert_no_horizontal_scroll(f"Anchors at 375 px, {scheme}")
            self.assert_no_axe_violations(f"Anchors at 375 px, {scheme}")
            self.screenshot(f"anchors-375-{scheme}")
            # The add form, open, at a phone's width.
            d.execute_script("document.getElementById('anchor-new-box').open = true;"
                             "document.getElementById('anchor-new-box').scrollIntoView({block: 'start'})")
            self.assert_no_horizontal_scroll(f"Anchors' add form at 375 px, {scheme}")
            self.screenshot(f"anchors-375-form-{scheme}")
        theme(d, "light")


if __name__ == "__main__":
    unittest.main(verbosity=2)
