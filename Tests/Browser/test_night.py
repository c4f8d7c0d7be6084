"""Night planning in a real browser: review, carry forward (keep / later / drop), plan tomorrow, close or
skip (W-14, spec D10), each step checked through `charflow plan --json` and tomorrow's `today --json`.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, by_label, click, theme, wait, wait_for_board, focused


def type_into(d, element_id, text):
    """Types into a field as the page sees it (its value and an input event) in one step, since the screen
    may be drawn anew between finding a field and typing into it."""
    d.execute_script("const e = document.getElementById(arguments[0]); e.focus(); e.value = arguments[1];"
                     "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)


def press(d, element_id):
    """Clicks the element with that id, again if the screen was drawn anew between finding and clicking it."""
    wait(d, lambda d: d.find_element(By.ID, element_id).click() or True, message=f"could not press {element_id}")


def pick(d, menu_label, item_label):
    """Opens the row's menu named `menu_label` (one menu button a task) and picks the item named `item_label`."""
    def opened(d):
        shown = by_label(d, item_label)
        if shown is not None and shown.is_displayed():
            return True
        button = by_label(d, menu_label)
        if button is not None and button.get_attribute("aria-expanded") != "true":
            d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", button)
            button.click()
        return False
    wait(d, opened, seconds=10, message=f"no {item_label} in the menu {menu_label}")
    click(d, item_label)


def choose(d, select_id, text):
    """Chooses `text` in the select, again if the screen was drawn anew between finding and choosing."""
    wait(d, lambda d: Select(d.find_element(By.ID, select_id)).select_by_visible_text(text) or
         Select(d.find_element(By.ID, select_id)).first_selected_option.text == text, message=f"could not choose {text}")

EVENING = "2026-11-30T21:00"
TOMORROW = "2026-12-01T08:00"


class NightTests(BrowserTestCase):
    """Night planning (W-14, W-17, W-18, W-19)."""

    def plan_an_evening(self):
        s = self.store
        add = lambda *args: s.cli("add", *args, now=EVENING)["id"]
        self.proposal = add("Finish proposal", "--region", "morning", "--bucket", "must")
        self.sam = add("Email Sam", "--region", "afternoon")
        self.bank = add("Call the bank", "--region", "afternoon", "--bucket", "complementary")
        plants = add("Water plants", "--region", "evening")
        s.cli("done", plants, now=EVENING)
        self.loft = add("Sort the loft")
        water = s.cli("habit", "add", "Water", "--kind", "counted", "--target", "3", now="2026-11-20T08:00")["id"]
        s.cli("habit", "log", water, "--count", "2", now=EVENING)

    def open_night(self, **size):
        s = self.store
        self.browser(**size)
        self.driver.get(s.serve(now=EVENING))
        d = self.driver
        wait_for_board(d)
        d.execute_script("location.hash = '#night'")
        wait(d, lambda d: d.find_element(By.ID, "view-night").is_displayed() and d.find_elements(By.ID, "night-close"),
             message="Night planning never showed")
        return d

    def plan(self):
        return self.store.cli("plan", now=EVENING)

    def task(self, task):
        return self.store.cli("show", task, now=EVENING)

    def test_W14_a_whole_evening_from_the_page(self):
        self.plan_an_evening()
        d = self.open_night()
        self.assertEqual(d.title, "Charflow · Night planning")
        view = lambda d: d.find_element(By.ID, "view-night").text
        self.assertIn("Reviewing Mon 30 Nov; planning Tue 1 Dec.", view(d))
        # 1. Review: done tasks and the habit honestly, "2/3".
        review = d.execute_script("return document.querySelector('[aria-labelledby=\"night-review\"]').innerText")
        self.assertIn("Done (1)", review)
        self.assertIn("Water plants", review)
        self.assertIn("Water: 2/3", review)
        self.assertEqual(d.execute_script("return Array.from(document.querySelectorAll('#night-open > li > .name')).map(n => n.textContent)"),
                         [t["title"] for t in self.plan()["open"]])
        # 2. Carry forward: keep, later with a reason, drop, each from the task's one menu.
        pick(d, "What to do with Finish proposal", "Keep Finish proposal for tomorrow")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Kept “Finish proposal” for tomorrow."))
        kept = self.task(self.proposal)
        self.assertEqual((kept["dueDate"], kept["deferralCount"]), ("2026-12-01", 1))
        pick(d, "What to do with Email Sam", "Later… Email Sam")
        wait(d, lambda d: focused(d, "id") == f"night-later-title-{self.sam}")
        # The reasons are the defer sheet's chips; the day picked is said in the page's words beside the field.
        press(d, f"night-why-{self.sam}-too-much")
        self.assertEqual(d.find_element(By.ID, f"night-why-{self.sam}-too-much").get_attribute("aria-pressed"), "true")
        type_into(d, f"night-date-{self.sam}", "2026-12-07")
        wait(d, lambda d: d.find_element(By.ID, f"night-date-{self.sam}-said").text == "Chosen: Mon 7 Dec")
        self.check_both_themes("Night planning with Later open", "night-later")
        click(d, "Carry Email Sam")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Carried “Email Sam” to Mon 7 Dec."))
        sam = self.task(self.sam)
        self.assertEqual((sam["dueDate"], sam["deferralCount"], sam["deferrals"][-1]["reason"]), ("2026-12-07", 1, "tooMuch"))
        pick(d, "What to do with Call the bank", "Drop Call the bank")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Dropped “Call the bank”."))
        self.assertIsNotNone(self.task(self.bank)["droppedAt"])
        wait(d, lambda d: "Nothing left open." in view(d))
        self.assertEqual(self.plan()["open"], [])
        # 3. Plan tomorrow: the Backlog task into Morning's Must-Do, then marked as mattering most.
        pick(d, "Plan Sort the loft for tomorrow", "Plan Sort the loft for tomorrow: Morning, Must-Do")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planned “Sort the loft” for Tue 1 Dec."))
        pick(d, "Plan Sort the loft for tomorrow", "Mark Sort the loft as mattering most")
        wait(d, lambda d: self.task(self.loft)["importance"] == "high", message="importance not raised")
        # The kept task, dated tomorrow without a region, is refused Morning's Must-Do in words, then goes to Afternoon.
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, f"#night-planned #night-place-{self.proposal}"))
        pick(d, "Plan Finish proposal for tomorrow", "Plan Finish proposal for tomorrow: Morning, Must-Do")
        refused = lambda d: d.find_element(By.ID, f"night-place-{self.proposal}-refused").text
        wait(d, lambda d: refused(d) == "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)", message="no refusal in words")
        self.assertIsNone(self.task(self.proposal)["region"])
        pick(d, "Plan Finish proposal for tomorrow", "Plan Finish proposal for tomorrow: Afternoon, Must-Do")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planned “Finish proposal” for Tue 1 Dec."))
        # A new task straight onto tomorrow's Evening.
        type_into(d, "night-new-title", "Buy stamps")
        choose(d, "night-new-region", "Evening")
        press(d, "night-new-submit")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planned “Buy stamps” for Tue 1 Dec."))
        load = self.plan()["load"]
        self.assertEqual(sorted((t["title"], t["region"], t["bucket"], t["importance"]) for t in load["tasks"]),
                         [("Buy stamps", "evening", "misc", "low"), ("Finish proposal", "afternoon", "mustDo", "low"),
                          ("Sort the loft", "morning", "mustDo", "high")])
        wait(d, lambda d: d.find_element(By.ID, "night-load").text.startswith("3 planned, about 1 h 30; 16 h free"))
        self.check_both_themes("Night planning", "night")
        # 4. Close.
        press(d, "night-close")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planning for Tue 1 Dec closed."))
        self.assertEqual(self.plan()["session"]["state"], "closed")
        wait(d, lambda d: "Tonight’s planning is closed." in view(d))
        # Tomorrow's board is what was planned.
        regions = self.store.cli("today", now=TOMORROW)["regions"]
        self.assertEqual([t["title"] for t in regions["morning"]["mustDo"]], ["Sort the loft"])
        self.assertEqual([t["title"] for t in regions["afternoon"]["mustDo"]], ["Finish proposal"])
        self.assertEqual([t["title"] for t in regions["evening"]["misc"]], ["Buy stamps"])

    def test_W14_T20_from_the_third_deferral_Keep_is_not_offered_and_the_reason_is_a_calm_note_not_an_error(self):
        s = self.store
        slipping = s.cli("add", "Renew passport", "--due", "2026-11-27", now="2026-11-27T09:00")["id"]
        s.cli("defer", slipping, now="2026-11-27T09:00")
        s.cli("defer", slipping, now="2026-11-28T09:00")
        s.cli("move", slipping, "--region", "morning", now=EVENING)
        self.assertFalse(self.plan()["carry"][slipping]["keep"])
        d = self.open_night()
        note = d.find_element(By.ID, f"night-note-{slipping}")
        self.assertEqual(note.text, "This one keeps slipping. Pick a day that actually works: later this week, next week, someday or a date.")
        # Said as a note in the muted ink, never as an alert in the problem colour.
        self.assertIsNone(note.get_attribute("role"))
        colours = d.execute_script("const s = getComputedStyle(arguments[0]); const r = getComputedStyle(document.documentElement);"
                                   "return [s.color, r.getPropertyValue('--problem').trim()];", note)
        self.assertNotEqual(colours[0], colours[1])
        by_label(d, "What to do with Renew passport").click()
        wait(d, lambda d: by_label(d, "Later… Renew passport").is_displayed())
        self.assertIsNone(by_label(d, "Keep Renew passport for tomorrow"), "Keep offered from the third deferral")
        d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")
        press(d, "night-skip")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planning skipped tonight."))
        self.assertEqual(self.plan()["session"]["state"], "skipped")
        wait(d, lambda d: "Tonight’s planning was skipped." in d.find_element(By.ID, "view-night").text)

    def test_W14_P1_the_review_says_a_weekly_target_met_as_the_weeks_progress_not_as_not_yet(self):
        s = self.store
        thursday = "2026-12-03T21:00"
        gym = s.cli("habit", "add", "Gym", "--per-week", "3", now="2026-11-20T08:00")["id"]
        for day in ("2026-11-30", "2026-12-01", "2026-12-02"):
            s.cli("habit", "log", gym, "--date", day, now=thursday)
        self.browser()
        self.driver.get(s.serve(now=thursday))
        d = self.driver
        wait_for_board(d)
        d.execute_script("location.hash = '#night'")
        wait(d, lambda d: d.find_elements(By.ID, "night-close"))
        review = lambda d: d.execute_script("return document.querySelector('[aria-labelledby=\"night-review\"]').innerText")
        wait(d, lambda d: "Gym: 3 of 3 this week" in review(d), message="the week's progress is not said")
        self.assertNotIn("Gym: not yet", review(d))

    def test_W14_T25_Later_offers_Someday_only_when_the_server_would_take_it(self):
        s = self.store
        # A medium task on its second deferral: Someday would be refused (it is not eased yet).
        medium = s.cli("add", "Book the dentist", "--due", "2026-11-28", "--importance", "medium", now="2026-11-28T09:00")["id"]
        s.cli("defer", medium, now="2026-11-28T09:00")
        s.cli("move", medium, "--region", "morning", now=EVENING)
        low = s.cli("add", "Tidy the shelf", "--region", "evening", now=EVENING)["id"]
        carry = self.plan()["carry"]
        self.assertFalse(carry[medium]["someday"])
        self.assertTrue(carry[low]["someday"])
        d = self.open_night()
        pick(d, "What to do with Book the dentist", "Later… Book the dentist")
        wait(d, lambda d: d.find_elements(By.ID, f"night-when-{medium}-next-week"))
        self.assertEqual(d.find_elements(By.ID, f"night-when-{medium}-someday"), [], "Someday offered and then refused")
        # Esc closes the day picker and gives focus back to the row's menu button.
        d.find_element(By.ID, f"night-when-{medium}-next-week").send_keys("\ue00c")
        wait(d, lambda d: not d.find_elements(By.ID, f"night-later-form-{medium}"), message="Esc left the picker open")
        wait(d, lambda d: focused(d, "id") == f"night-choose-{medium}")
        pick(d, "What to do with Tidy the shelf", "Later… Tidy the shelf")
        press(d, f"night-when-{low}-someday")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Carried “Tidy the shelf” to someday."))
        self.assertIsNone(self.task(low)["dueDate"])

    def test_W14_the_finish_buttons_come_before_the_tasks_and_each_task_is_one_tab_stop(self):
        self.plan_an_evening()
        d = self.open_night()
        stops = d.execute_script(
            "const all = Array.from(document.querySelectorAll('#view-night a[href], #view-night button, #view-night input, #view-night select'))"
            ".filter((e) => e.tabIndex >= 0 && e.offsetParent !== null); return all.map((e) => e.id);")
        self.assertLess(stops.index("night-close"), 3, stops)
        for task in (self.proposal, self.sam, self.bank):
            row = [i for i in stops if i.endswith(task)]
            self.assertEqual(row, [f"night-choose-{task}"], f"a carry row has more than one stop: {row}")

    def test_W14_P4_F15_the_overload_notice_offers_Move_which_reschedules_without_a_deferral(self):
        s = self.store
        # Regions of 30, 15 and 15 minutes: tomorrow has an hour free.
        for key, hours in (("morning", "06:00-06:30"), ("afternoon", "12:00-12:15"), ("evening", "17:00-17:15")):
            s.cli("settings", key, hours, now=EVENING)
        ids = [s.cli("add", title, "--due", "tomorrow", "--effort", "45", now=EVENING)["id"] for title in ("Paint the fence", "Bake bread")]
        d = self.open_night()
        notice = "That is about 1 h 30 planned for a day with 1 h free. Move something to another day?"
        wait(d, lambda d: notice in d.find_element(By.ID, "view-night").text, message="no overload notice")
        pick(d, "Plan Bake bread for tomorrow", "Move Bake bread to next week")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Bake bread” to Mon 7 Dec."))
        bread = self.task(ids[1])
        self.assertEqual((bread["dueDate"], bread["deferralCount"]), ("2026-12-07", 0))
        self.assertFalse(self.plan()["load"]["overloaded"])
        wait(d, lambda d: notice not in d.find_element(By.ID, "view-night").text)
        self.assertEqual(d.find_elements(By.ID, f"night-move-{ids[0]}-next-week"), [])

    def test_W14_T14_the_prioritisation_prompt_shows_for_a_full_day_and_leaves_once_two_matter(self):
        s = self.store
        ids = [s.cli("add", title, "--due", "tomorrow", "--effort", "15", now=EVENING)["id"]
               for title in ("Paint the fence", "Bake bread", "Call Mum", "Pay the rent", "Read a chapter")]
        d = self.open_night()
        prompt = "A full day. Which one or two of these matter most?"
        wait(d, lambda d: prompt in d.find_element(By.ID, "view-night").text, message="no prioritisation prompt")
        for task, title in ((ids[3], "Pay the rent"), (ids[2], "Call Mum")):
            pick(d, f"Plan {title} for tomorrow", f"Mark {title} as mattering most")
            wait(d, lambda d: self.task(task)["importance"] == "high")
        wait(d, lambda d: prompt not in d.find_element(By.ID, "view-night").text, message="the prompt stayed")
        self.assertFalse(self.plan()["load"]["prioritisationPrompt"])

    def test_W14_P3_after_midnight_the_page_still_plans_the_day_that_has_begun(self):
        s = self.store
        s.cli("add", "Finish proposal", "--region", "morning", now=EVENING)
        self.browser()
        self.driver.get(s.serve(now="2026-12-01T00:30"))
        d = self.driver
        wait_for_board(d)
        d.execute_script("location.hash = '#night'")
        wait(d, lambda d: d.find_elements(By.ID, "night-close"))
        self.assertIn("Reviewing Mon 30 Nov; planning Tue 1 Dec.", d.find_element(By.ID, "view-night").text)
        type_into(d, "night-new-title", "Buy stamps")
        choose(d, "night-new-region", "Morning")
        press(d, "night-new-submit")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planned “Buy stamps” for Tue 1 Dec."))
        morning = s.cli("today", now=TOMORROW)["regions"]["morning"]
        self.assertIn("Buy stamps", [t["title"] for t in morning["misc"]])

    def test_W19_night_planning_fits_320_px_in_both_themes(self):
        self.plan_an_evening()
        d = self.open_night(width=1280, height=900)
        self.viewport()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.ID, "night-close"))
            self.assert_no_horizontal_scroll(f"{scheme} at 320 px")
            self.assert_no_axe_violations(f"Night planning at 320 px, {scheme}")
            self.screenshot(f"night-320-{scheme}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
