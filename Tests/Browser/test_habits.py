"""The Habits screen in a real browser: cards by kind, the density grid per window, log, correct, pause,
archive (W-12), checked against `charflow habit grid ID --json` on the same store.
"""

import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, by_label, click, contrast, theme, wait, focused

CREATED = "2026-11-02T08:00"  # four weeks before the tests' clock, so the last 14 days can all be corrected


class HabitsTests(BrowserTestCase):
    """Habits (W-12, W-17, W-18, W-19)."""

    def add_habits(self):
        s = self.store
        self.water = s.cli("habit", "add", "Water", "--kind", "counted", "--target", "8", now=CREATED)["id"]
        self.stretch = s.cli("habit", "add", "Stretch", now=CREATED)["id"]
        self.read = s.cli("habit", "add", "Read", "--kind", "timed", "--target", "20", now=CREATED)["id"]
        s.cli("habit", "log", self.water, "--count", "8", "--date", "2026-11-25")
        s.cli("habit", "log", self.water, "--count", "3", "--date", "2026-11-26")
        s.cli("habit", "log", self.stretch, "--date", "2026-11-29")

    def open_habits(self, **size):
        d = self.open_page(fragment="#habits", **size)
        wait(d, lambda d: d.find_element(By.ID, "view-habits").is_displayed()
             and d.find_elements(By.CSS_SELECTOR, "#view-habits section.habit"), message="the Habits screen never showed")
        return d

    def cli_grid(self, habit, weeks):
        return self.store.cli("habit", "grid", habit, "--weeks", str(weeks))

    def page_cells(self, habit):
        """Each cell of the habit's first grid as the page shows it: date -> (state, the cell's words)."""
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(`#grid-${arguments[0]}-0 td[data-date]`))"
            ".map(td => [td.dataset.date, td.dataset.state, td.querySelector('.sr-only').textContent]);", habit)

    def assert_grid_agrees(self, habit):
        """The page's cells are the CLI's days, state for state, over the same weeks."""
        d = self.driver
        weeks = d.execute_script("return document.querySelectorAll(`#grid-${arguments[0]}-0 thead th`).length;", habit)
        days = self.cli_grid(habit, weeks)["days"]
        expected = [[day["date"], "notDue" if day["state"] == "empty" and not day["isDue"] else day["state"]] for day in days]
        shown = [[date, state] for date, state, _ in self.page_cells(habit)]
        self.assertEqual(sorted(shown), sorted(expected))
        return days

    def cell_state(self, habit, date):
        """The state a cell shows, read in one step (the screen is drawn anew after every change)."""
        return self.driver.execute_script(
            "const td = document.querySelector(`#grid-${arguments[0]}-0 td[data-date='${arguments[1]}']`);"
            "return td ? td.dataset.state : null;", habit, date)

    def cell_words(self, habit, date):
        return self.driver.execute_script(
            "const td = document.querySelector(`#grid-${arguments[0]}-0 td[data-date='${arguments[1]}']`);"
            "return td ? td.querySelector('.sr-only').textContent : null;", habit, date)

    def type_into(self, element_id, text):
        """Types into a field as the page sees it (its value and an input event), in one step, since the
        screen may be drawn anew between finding a field and typing into it."""
        self.driver.execute_script("const e = document.getElementById(arguments[0]); e.focus(); e.value = arguments[1];"
                                   "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)

    def text(self, element_id):
        return self.driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText : null;", element_id)

    def test_W12_cards_by_kind_with_todays_amount_the_grid_and_the_read(self):
        self.add_habits()
        d = self.open_habits()
        self.assertEqual(d.title, "Charflow · Habits")
        self.assertEqual(d.find_element(By.ID, "nav-habits").get_attribute("aria-current"), "page")
        cards = dict(d.execute_script("return Array.from(document.querySelectorAll('section.habit'))"
                                      ".map(c => [c.querySelector('h2').textContent, c.innerText]);"))
        self.assertEqual(sorted(cards), ["Read", "Stretch", "Water"])
        self.assertIn("Counted, 8 a day", cards["Water"])
        self.assertIn("0 of 8 today.", cards["Water"])
        self.assertIn("Not done yet today.", cards["Stretch"])
        self.assertIn("0 of 20 min today.", cards["Read"])
        grid = self.cli_grid(self.water, 12)
        self.assertIn(grid["read"], cards["Water"])
        self.assert_grid_agrees(self.water)
        self.assert_grid_agrees(self.stretch)
        # Each cell says its day and state in words; the shade is not the only sign.
        self.assertEqual(self.cell_words(self.water, "2026-11-26"),
                         "Thu 26 Nov: some, 3 of 8")
        self.assertEqual(self.cell_state(self.water, "2026-11-25"), "complete")
        self.assertEqual(self.cell_state(self.water, "2026-10-26"), "notDue")
        caption = d.execute_script("return document.querySelector(`#grid-${arguments[0]}-0 caption`).textContent", self.water)
        self.assertIn("Water: the last", caption)
        # Geometry (habit.md): 18 px cells, 3 px gaps, 3 px corners, today at the trailing edge.
        size = d.execute_script(
            "const cell = document.querySelector(`#grid-${arguments[0]}-0 td[data-date='2026-11-25'] .cell`);"
            "const style = getComputedStyle(cell); const table = getComputedStyle(cell.closest('table'));"
            "return [cell.offsetWidth, cell.offsetHeight, style.borderRadius, table.borderSpacing];", self.water)
        self.assertEqual(size, [18, 18, "3px", "3px"])
        rows = d.execute_script("return Array.from(document.querySelectorAll(`#grid-${arguments[0]}-0 tbody tr`))"
                                ".map(tr => tr.getBoundingClientRect().height);", self.water)
        self.assertEqual(rows, [18] * 7)
        ends = d.execute_script(
            "const wrap = document.querySelector(`#grid-${arguments[0]}-0`).parentElement;"
            "const today = document.querySelector(`#grid-${arguments[0]}-0 td[data-date='2026-11-30']`);"
            "return [wrap.getBoundingClientRect().right, today.getBoundingClientRect().right];", self.water)
        self.assertLessEqual(ends[0] - ends[1], 4, "the newest week is not at the trailing edge")

    def test_W12_log_a_counted_habit_and_the_grid_cell_agrees_with_the_CLI(self):
        self.add_habits()
        d = self.open_habits()
        click(d, "+1 Water, today")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Water”, today: 1 of 8."))
        wait(d, lambda d: self.cell_state(self.water, "2026-11-30") == "partialLow")
        self.assertEqual(self.cli_grid(self.water, 4)["days"][-1]["amount"], 1)
        # An amount at once: 1 + 3 is half of 8.
        self.type_into(f"habit-log-{self.water}-0-count", "3")
        click(d, "Add to Water, today")
        wait(d, lambda d: self.cell_state(self.water, "2026-11-30") == "partialHigh")
        today = self.cli_grid(self.water, 4)["days"][-1]
        self.assertEqual((today["amount"], today["state"]), (4, "partialHigh"))
        self.assertIn("4 of 8 today.", self.text(f"habit-today-{self.water}-0"))
        self.assertEqual(self.cell_words(self.water, "2026-11-30"),
                         "Mon 30 Nov (today): half or more, 4 of 8")
        self.assert_grid_agrees(self.water)
        # −1 takes one back, and the toast's undo takes back the −1.
        click(d, "−1 Water, today")
        wait(d, lambda d: self.cli_grid(self.water, 4)["days"][-1]["amount"] == 3)
        click(d, "Undo: “Water”, today: 3 of 8.")
        wait(d, lambda d: self.cli_grid(self.water, 4)["days"][-1]["amount"] == 4)
        # A binary habit is marked done and not done; a timed one takes minutes.
        click(d, "Mark done: Stretch, today")
        wait(d, lambda d: by_label(d, "Mark not done: Stretch, today") is not None)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Stretch”, today: done."))
        self.assertEqual(self.cli_grid(self.stretch, 4)["days"][-1]["state"], "complete")
        self.type_into(f"habit-log-{self.read}-0-minutes", "15")
        click(d, "Add minutes to Read, today")
        wait(d, lambda d: "15 of 20 min today." in self.text(f"habit-today-{self.read}-0"))
        self.assertEqual(self.cli_grid(self.read, 4)["days"][-1]["amount"], 15)
        # A timed habit can be begun as a focus session; the chip shows it on every screen.
        click(d, "Begin Read")
        wait(d, lambda d: d.find_element(By.ID, "chip").text == "Focus: Read, running")
        self.assertIsNotNone(self.store.cli("status")["session"])

    def choose_day(self, habit, date):
        d = self.driver
        if not d.execute_script("return document.getElementById(arguments[0]).open", f"habit-correct-{habit}-0"):
            click(d, "Correct a day of Water")
        wait(d, lambda d: d.execute_script("return document.getElementById(arguments[0]).open", f"habit-correct-{habit}-0"))
        d.execute_script("const input = document.getElementById(arguments[0]); input.value = arguments[1];"
                         "input.dispatchEvent(new Event('change', {bubbles: true}));", f"habit-day-{habit}-0", date)

    def test_W12_correct_a_day_ten_days_back_and_a_fifteenth_day_back_is_refused_in_words(self):
        self.add_habits()
        d = self.open_habits()
        self.choose_day(self.water, "2026-11-20")
        wait(d, lambda d: by_label(d, "+1 Water, Fri 20 Nov") is not None)
        # Read in the wait: the page's poll may draw the card again between the button showing and this.
        wait(d, lambda d: "That day: missed." in (self.text(f"habit-correct-{self.water}-0") or ""),
             message="the chosen day's state never read “That day: missed.”")
        # The field's day in the page's words beside the browser's own format (issue 42, finding 10).
        self.assertEqual(self.text(f"habit-day-{self.water}-0-said"), "Chosen: Fri 20 Nov")
        click(d, "+1 Water, Fri 20 Nov")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Water”, Fri 20 Nov: 1 of 8."))
        days = {day["date"]: day for day in self.cli_grid(self.water, 4)["days"]}
        self.assertEqual((days["2026-11-20"]["amount"], days["2026-11-20"]["state"]), (1, "partialLow"))
        wait(d, lambda d: self.cell_state(self.water, "2026-11-20") == "partialLow")
        self.assertIn("That day: some, 1 of 8.", self.text(f"habit-correct-{self.water}-0"))
        # The fifteenth day back (today is the first) is read-only: refused in words, nothing changed.
        self.choose_day(self.water, "2026-11-16")
        click(d, "+1 Water, Mon 16 Nov")
        refusal = f"habit-fix-refused-{self.water}-0"
        wait(d, lambda d: self.text(refusal) == "Only the last 14 days can be corrected; 2026-11-16 is read-only.",
             message="no refusal in words")
        self.assertEqual(d.execute_script("return document.getElementById(arguments[0]).getAttribute('role')", refusal), "alert")
        days = {day["date"]: day for day in self.cli_grid(self.water, 4)["days"]}
        self.assertEqual(days["2026-11-16"]["amount"], 0)
        self.assertNotIn("16 Nov", d.find_element(By.ID, "toast").text)
        d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", refusal)
        self.check_both_themes("Habits correcting a day", "habits-correct")

    def test_W12_H1_H2_H4_a_habit_is_edited_on_the_page_and_a_new_one_takes_days_times_effort_and_group(self):
        self.add_habits()
        self.store.cli("group", "add", "Mornings")
        d = self.open_habits()
        click(d, "More for Water: edit, pause, archive")
        click(d, "Edit Water")
        form = f"habit-edit-{self.water}"
        self.assertEqual(d.find_element(By.ID, f"{form}-title").get_attribute("value"), "Water")
        self.assertEqual(d.find_element(By.ID, f"{form}-target").get_attribute("value"), "8")
        # The kind is fixed at creation (H-1): the edit does not offer it.
        self.assertEqual(d.find_elements(By.ID, f"{form}-kind"), [])
        self.type_into(f"{form}-title", "Water glasses")
        self.type_into(f"{form}-target", "6")
        Select(d.find_element(By.ID, f"{form}-schedule")).select_by_visible_text("Weekdays")
        Select(d.find_element(By.ID, f"{form}-group")).select_by_visible_text("Mornings")
        d.find_element(By.ID, f"{form}-submit").click()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Saved “Water glasses”."), message="no saved toast")
        habit = [h for h in self.store.cli("habits")["habits"] if h["id"] == self.water][0]
        self.assertEqual((habit["title"], habit["frequency"], habit["windows"][0]["target"], habit["group"]),
                         ("Water glasses", "weekdays", 6, "Mornings"))
        wait(d, lambda d: d.find_element(By.ID, f"habit-title-{self.water}").text == "Water glasses")
        # A refusal is said in words beside the form, and nothing changes.
        # The card's menu stays open after the save; the form itself closed.
        self.assertTrue(d.execute_script("return document.getElementById(arguments[0]).open", f"habit-more-{self.water}"))
        self.assertFalse(d.execute_script("return document.getElementById(arguments[0]).open", f"habit-editing-{self.water}"))
        click(d, "Edit Water glasses")
        self.type_into(f"{form}-windows", "Morning 09:00-07:00")
        d.find_element(By.ID, f"{form}-submit").click()
        wait(d, lambda d: d.find_element(By.ID, f"{form}-refused").text != "", message="the refusal was not said")
        self.assertEqual([h for h in self.store.cli("habits")["habits"] if h["id"] == self.water][0]["windows"][0]["label"], "")
        # The new-habit form takes what habit add takes: chosen days, a time of day, effort and a group.
        d.find_element(By.CSS_SELECTOR, "#habit-new-box summary").click()
        self.type_into("habit-new-title", "Swim")
        Select(d.find_element(By.ID, "habit-new-schedule")).select_by_visible_text("Chosen days")
        for box in d.find_elements(By.CSS_SELECTOR, "#habit-new-days input"):
            if box.get_attribute("value") in ("1", "3"):
                d.execute_script("arguments[0].click()", box)
        self.type_into("habit-new-windows", "Morning 06:00-09:00")
        self.type_into("habit-new-effort", "40")
        Select(d.find_element(By.ID, "habit-new-group")).select_by_visible_text("Mornings")
        d.find_element(By.ID, "habit-new-submit").click()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added the habit “Swim”."), message="no added toast")
        swim = [h for h in self.store.cli("habits", "--all")["habits"] if h["title"] == "Swim"][0]
        self.assertEqual((swim["frequency"], swim["scheduledDays"], swim["group"]), ("custom", "1,3", "Mornings"))
        self.assertEqual((swim["windows"][0]["label"], swim["windows"][0]["startMinute"], swim["windows"][0]["effortMinutes"]),
                         ("Morning", 360, 40))
        self.assert_no_axe_violations("Habits with the forms open")
        if not d.execute_script("return document.getElementById(arguments[0]).open", f"habit-editing-{self.water}"):
            click(d, "Edit Water glasses")
        d.execute_script("document.getElementById(arguments[0]).scrollIntoView()", f"habit-editing-{self.water}")
        self.check_both_themes("Habits with the edit form open", "habits-edit-form")

    def test_W12_pause_resume_archive_and_restore(self):
        self.add_habits()
        d = self.open_habits()
        # Pause and archive wait behind the card's one quiet menu.
        click(d, "More for Water: edit, pause, archive")
        click(d, "Pause Water")
        wait(d, lambda d: Select(d.find_element(By.ID, f"habit-reason-{self.water}")).select_by_visible_text("Travel") or True)
        d.execute_script("const input = document.getElementById(arguments[0]); input.value = '2026-12-05';"
                         "input.dispatchEvent(new Event('input', {bubbles: true}));", f"habit-until-{self.water}")
        wait(d, lambda d: d.find_element(By.ID, f"habit-pause-{self.water}").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Paused “Water”."))
        paused = [h for h in self.store.cli("habits")["habits"] if h["id"] == self.water][0]["paused"]
        self.assertEqual(paused, "Paused — resumes 5 Dec")
        card = lambda d: d.find_element(By.CSS_SELECTOR, f'section[data-habit="{self.water}"]').text
        wait(d, lambda d: "Paused — resumes 5 Dec" in card(d))
        wait(d, lambda d: focused(d, "aria-label") == "Resume Water", message="focus did not go to Resume")
        wait(d, lambda d: "Not due today." in card(d), message="the paused card does not say it is not due")
        wait(d, lambda d: self.cell_state(self.water, "2026-11-30") == "notDue")
        for scheme in ("light", "dark"):
            theme(d, scheme)
            self.assert_no_axe_violations(f"Habits with a pause, {scheme}")
        theme(d, "light")
        click(d, "Resume Water")
        wait(d, lambda d: "Paused" not in card(d))
        self.assertIsNone([h for h in self.store.cli("habits")["habits"] if h["id"] == self.water][0]["paused"])
        # Archived habits keep their history in a collapsed section at the end, with Restore.
        click(d, "More for Stretch: edit, pause, archive")
        click(d, "Archive Stretch")
        wait(d, lambda d: d.find_elements(By.ID, "habit-archived-box"))
        self.assertEqual([h["title"] for h in self.store.cli("habits", "--all")["habits"] if h["isArchived"]], ["Stretch"])
        self.assertFalse(d.execute_script("return document.getElementById('habit-archived-box').open"))
        self.assertIn("Archived (1)", self.text("habit-archived-box"))
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#habit-archived-box summary").click() or True)
        click(d, "Restore Stretch")
        wait(d, lambda d: not d.find_elements(By.ID, "habit-archived-box"))
        self.assertFalse(any(h["isArchived"] for h in self.store.cli("habits", "--all")["habits"]))

    def test_W12_each_window_has_its_own_grid_and_log_and_an_avoid_habit_logs_slips(self):
        s = self.store
        med = s.cli("habit", "add", "Medication", "--window", "Morning 07:00-10:00", "--window", "Evening 19:00-22:00",
                    now=CREATED)["id"]
        smoking = s.cli("habit", "add", "Smoking", "--kind", "avoid", now=CREATED)["id"]
        d = self.open_habits()
        grids = d.execute_script("return Array.from(document.querySelectorAll(`section[data-habit='${arguments[0]}'] table.density caption`))"
                                 ".map(c => c.textContent.split(':')[0]);", med)
        self.assertEqual(grids, ["Medication · Morning", "Medication · Evening"])
        click(d, "Mark done: Medication · Evening, today")
        wait(d, lambda d: d.execute_script("return document.querySelector(`#grid-${arguments[0]}-1 td[data-date='2026-11-30']`).dataset.state", med)
             == "complete")
        windows = {g["window"]["label"]: g["days"][-1] for g in s.cli("habit", "grid", med, "--weeks", "4")["grids"]}
        self.assertEqual((windows["Morning"]["amount"], windows["Evening"]["amount"]), (0, 1))
        self.assertEqual(self.cell_state(med, "2026-11-30"), "empty")
        # Focus stays on the control whose words changed.
        wait(d, lambda d: focused(d, "aria-label") == "Mark not done: Medication · Evening, today")
        click(d, "Log a slip of Smoking, today")
        wait(d, lambda d: self.text(f"habit-today-{smoking}-0") == "Slips today: 1, with 0 allowed.")
        self.assertEqual(s.cli("habit", "grid", smoking, "--weeks", "4")["days"][-1]["amount"], 1)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Smoking”, today: slips 1."))
        self.check_both_themes("Habits with windows and an avoid habit", "habits-windows")

    def test_W12_H8_a_weekly_target_speaks_in_weeks(self):
        run = self.store.cli("habit", "add", "Run", "--kind", "timed", "--target", "30", "--per-week", "3", now=CREATED)["id"]
        self.store.cli("habit", "log", run, "--minutes", "30", "--date", "2026-11-29")
        d = self.open_habits()
        self.assertIn("3 times a week", self.text("view-habits"))
        self.assertEqual(self.text(f"habit-week-{run}"), "0 of 3 this week.")
        self.type_into(f"habit-log-{run}-0-minutes", "30")
        click(d, "Add minutes to Run, today")
        wait(d, lambda d: self.text(f"habit-week-{run}") == "1 of 3 this week.")
        self.assertEqual([h["week"] for h in self.store.cli("habits")["habits"]], [{"done": 1, "target": 3}])
        # A weekly habit's days are never missed: the grid has only filled and empty days.
        self.assertNotIn("missed", [state for _, state, _ in self.page_cells(run)])
        self.assert_grid_agrees(run)
        # A target of one reads as the words say it, never '1 times a week'.
        self.store.cli("habit", "add", "Long walk", "--kind", "binary", "--per-week", "1", now=CREATED)
        self.open_habits()
        self.assertIn("once a week", self.text("view-habits"))
        self.assertNotIn("1 times a week", self.text("view-habits"))

    def test_W12_a_new_habit_from_the_page(self):
        d = self.open_page(fragment="#habits")
        wait(d, lambda d: d.find_element(By.ID, "view-habits").is_displayed() and d.find_elements(By.ID, "habit-new-box"))
        self.assertIn("No habits yet.", d.find_element(By.ID, "view-habits").text)
        d.find_element(By.CSS_SELECTOR, "#habit-new-box summary").click()
        d.find_element(By.ID, "habit-new-title").send_keys("Walk")
        Select(d.find_element(By.ID, "habit-new-kind")).select_by_visible_text("Timed (minutes)")
        d.find_element(By.ID, "habit-new-target").send_keys("30")
        d.find_element(By.ID, "habit-new-submit").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.habit"))
        [habit] = self.store.cli("habits")["habits"]
        self.assertEqual((habit["title"], habit["kind"], habit["windows"][0]["target"]), ("Walk", "timed", 30))

    def test_W17_W18_W19_habits_have_no_axe_violations_in_light_and_dark_and_fit_320_px(self):
        self.add_habits()
        d = self.open_habits()
        self.check_both_themes("Habits", "habits")
        wide = d.execute_script("return document.querySelectorAll(`#grid-${arguments[0]}-0 thead th`).length;", self.water)
        self.viewport()
        # The grid follows the width without a reload: fewer weeks, the newest kept.
        wait(d, lambda d: 0 < d.execute_script("return document.querySelectorAll(`#grid-${arguments[0]}-0 thead th`).length;", self.water) < wide,
             message="the grid kept its width at 320 px")
        self.assertEqual(self.cell_state(self.water, "2026-11-30"), "empty")
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#view-habits section.habit"))
            self.assert_no_horizontal_scroll(f"{scheme} at 320 px")
            self.assert_no_axe_violations(f"Habits at 320 px, {scheme}")
            self.screenshot(f"habits-320-{scheme}")
        self.assert_grid_agrees(self.water)

    def test_W18_the_density_shades_stand_out_from_the_card_in_both_themes(self):
        d = self.open_page()
        css = d.execute_script("return fetch(document.querySelector('link[rel=stylesheet]').href).then(r => r.text())")
        habits_css = d.execute_script(
            "return fetch([...document.querySelectorAll('link[rel=stylesheet]')].find(l => l.href.includes('habits')).href).then(r => r.text())")
        habits = habits_css[habits_css.index("/* Habits"):]
        light, dark = re.findall(r":root \{(.*?)\}", habits, re.S)[:2]
        base = css.split("@media (prefers-color-scheme: dark)")
        surfaces = {"light": re.search(r"--surface:\s*(#[0-9A-Fa-f]{6})", base[0]).group(1),
                    "dark": re.search(r"--surface:\s*(#[0-9A-Fa-f]{6})", base[1]).group(1)}
        for name, block in (("light", light), ("dark", dark)):
            tokens = dict(re.findall(r"--([a-z0-9-]+):\s*(#[0-9A-Fa-f]{6})", block))
            self.assertEqual(sorted(tokens), ["d0", "d1", "d2", "d3", "missed"])
            # A graphic that carries meaning needs 3:1 against what it sits on (WCAG 1.4.11).
            for token in ("d2", "d3", "missed"):
                self.assertGreaterEqual(contrast(tokens[token], surfaces[name]), 3.0, f"{name}: --{token}")
            # The shades step up: done is further from the card than half or more, which is further than some.
            steps = [contrast(tokens[t], surfaces[name]) for t in ("d1", "d2", "d3")]
            self.assertEqual(steps, sorted(steps), f"{name}: {steps}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
