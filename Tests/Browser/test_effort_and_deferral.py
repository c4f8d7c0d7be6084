"""The task detail's effort, defer sheet and delete (W-11, W-21, W-24, T-20, T-25): effort 15/30/60/120
minutes or "Other…" in 15-minute steps to 8 h, shown on the task and given back; the sheet from the third
deferral offers exactly the later-day picker with a date field, the first two add Someday; a delete from
the task's page goes back to where the person came from, focus on its heading, with undo.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, by_label, click, wait, focused


class EffortAndDeferralTests(BrowserTestCase):

    def open_detail(self, task_id):
        d = self.driver
        d.execute_script("location.hash = arguments[0]", "#task/" + task_id)
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed() and d.find_elements(By.ID, "detail-effort"),
             message="the detail never showed")
        return d

    def slipped(self, title, times):
        """A task due today deferred `times` times, once on each day before (T-22 counts one a day)."""
        first = 30 - times
        task = self.store.cli("add", title, "--due", "today", now=f"2026-11-{first:02d}T09:00")["id"]
        for day in range(first, 30):
            self.store.cli("defer", task, "--to", "tomorrow", now=f"2026-11-{day:02d}T09:00")
        return task

    def effort_buttons(self):
        return wait(self.driver, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#detail-effort button")])

    def test_W24_effort_offers_15_30_60_120_and_other_and_a_quick_added_45m_shows_and_comes_back(self):
        s = self.store
        task = s.cli("add", "--parse", "Prepare slides ~45m")["id"]
        self.assertEqual(s.cli("show", task)["effortMinutes"], 45)
        d = self.open_page()
        self.open_detail(task)
        self.assertEqual(self.effort_buttons(), ["15 min", "30 min", "1 h", "2 h", "Other… 45 min", "None"])
        self.assertEqual(d.find_element(By.ID, "detail-effort-other").get_attribute("aria-pressed"), "true")
        self.assertEqual(d.find_element(By.ID, "detail-effort-fact").text, "Effort 45 min")
        self.check_both_themes("the detail with an effort of 45 min", "effort-other")
        # Given another effort, then 45 min back through "Other…".
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-30").click() or True)
        wait(d, lambda d: s.cli("show", task)["effortMinutes"] == 30, message="30 min")
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-other").text == "Other…")
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-other").click() or True)
        picker = wait(d, lambda d: d.find_element(By.ID, "detail-effort-other-input"))
        wait(d, lambda d: focused(d, "id") == "detail-effort-other-input", message="focus not on the picker")
        steps = [o.get_attribute("value") for o in Select(picker).options]
        self.assertEqual(steps, [str(m) for m in range(15, 481, 15)])
        self.check_both_themes("the effort picker open", "effort-picker")
        Select(d.find_element(By.ID, "detail-effort-other-input")).select_by_value("45")
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-other-save").click() or True)
        wait(d, lambda d: s.cli("show", task)["effortMinutes"] == 45, message="45 min did not come back")
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-other").text == "Other… 45 min")
        wait(d, lambda d: focused(d, "id") == "detail-effort-other")
        # A quick-added `~2h` is the 2 h choice, and shows on Today's row.
        two = s.cli("add", "--parse", "Write the report ~2h", "--region", "afternoon", "--bucket", "misc")["id"]
        self.open_detail(two)
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-120").get_attribute("aria-pressed") == "true")
        d.execute_script("location.hash = '#today'")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, f"li[data-task='{two}'] .effort").text == "2 h")

    def test_W11_T20_the_first_deferrals_offer_someday_and_the_third_only_the_later_day_picker(self):
        s = self.store
        fresh = s.cli("add", "Call the garage", "--due", "today")["id"]
        four = self.slipped("Renew passport", 4)
        d = self.open_page()
        self.open_detail(fresh)
        click(d, "Defer Call the garage")
        wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
        self.assertEqual([b.text for b in d.find_elements(By.CSS_SELECTOR, "#defer-dates button")],
                         ["Tomorrow", "Later this week", "Next week", "Someday"])
        self.assertEqual(d.find_elements(By.ID, "defer-date"), [])
        # Esc closes the sheet and focus returns to the button that opened it.
        d.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(d, lambda d: not d.find_element(By.ID, "defer-sheet").is_displayed())
        wait(d, lambda d: focused(d, "id") == "detail-defer", message="Esc did not return focus")
        # The fifth: no instant Tomorrow, a date field, and the count as it is.
        self.open_detail(four)
        click(d, "Defer Renew passport")
        wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
        self.assertIn("Deferred 4 times so far.", d.find_element(By.ID, "defer-sheet").text)
        self.assertEqual([b.text for b in d.find_elements(By.CSS_SELECTOR, "#defer-dates button")],
                         ["Later this week", "Next week", "Someday"])
        self.assertEqual(d.find_elements(By.ID, "defer-to-tomorrow"), [])
        self.check_both_themes("the defer sheet from the third deferral", "defer-picker")
        d.execute_script("const f = document.getElementById('defer-date'); f.value = '2026-12-10';")
        wait(d, lambda d: d.find_element(By.ID, "defer-to-date").click() or True)
        wait(d, lambda d: s.cli("show", four)["dueDate"] == "2026-12-10", message="the chosen day did not reach the store")
        self.assertEqual(s.cli("show", four)["deferralCount"], 5)

    def test_W21_deleting_from_a_tasks_page_goes_back_where_it_came_from_with_undo(self):
        s = self.store
        task = s.cli("add", "Sort the loft")["id"]
        d = self.open_page(fragment="#backlog")
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed() and d.find_elements(By.ID, "backlog-task-" + task))
        wait(d, lambda d: d.find_element(By.ID, "backlog-task-" + task).click() or True)
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed() and d.find_elements(By.ID, "detail-delete"))
        wait(d, lambda d: d.find_element(By.ID, "detail-delete").click() or True)
        wait(d, lambda d: d.execute_script("return location.hash") == "#backlog", message="the deleted task's page stayed")
        wait(d, lambda d: d.switch_to.active_element.tag_name == "h1" and d.switch_to.active_element.text == "Backlog",
             message="focus is not on the Backlog's heading")
        self.assertIsNotNone(s.cli("show", task)["droppedAt"])
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Deleted “Sort the loft”."))
        d.switch_to.active_element.send_keys("z")
        wait(d, lambda d: s.cli("show", task)["droppedAt"] is None, message="undo did not bring it back")
        wait(d, lambda d: d.find_elements(By.ID, "backlog-task-" + task))
        self.assertEqual(d.find_element(By.ID, "problem").text, "")


if __name__ == "__main__":
    unittest.main()
