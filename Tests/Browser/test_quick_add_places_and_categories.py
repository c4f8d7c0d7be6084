"""Quick add into any bucket with effort against free time on Today (W-9, W-24, F-14), a preview that shows a
category only when the API has it, categories made, renamed and archived in Settings, and night
planning's new task read as quick add reads it (W-14).
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, by_label, click, wait, focused


def type_into(d, element_id, text):
    wait(d, lambda d: d.find_element(By.ID, element_id).clear() or d.find_element(By.ID, element_id).send_keys(text) or True,
         message=f"could not type into {element_id}")


class QuickAddPlacesTests(BrowserTestCase):

    def add(self, line, where):
        d = self.driver
        type_into(d, "quick-line", line)
        Select(d.find_element(By.ID, "quick-where")).select_by_visible_text(where)
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#quick-form button[type=submit]").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "quick-line").get_attribute("value") == "", message=f"{line} was not added")

    def test_W9_W24_F14_quick_add_fills_any_bucket_and_Today_shows_effort_against_free_time(self):
        s = self.store
        # Regions of an hour and two half hours: two hours free today.
        for key, hours in (("morning", "06:00-07:00"), ("afternoon", "12:00-12:30"), ("evening", "17:00-17:30")):
            s.cli("settings", key, hours)
        d = self.open_page()
        self.assertEqual([o.text for o in Select(d.find_element(By.ID, "quick-where")).options][:4],
                         ["Backlog", "Morning, Must-Do", "Morning, Complementary", "Morning, Misc"])
        self.add("Finish the proposal ~1h", "Morning, Must-Do")
        self.add("Email Sam ~15m", "Morning, Complementary")
        morning = s.cli("today")["regions"]["morning"]
        self.assertEqual(([t["title"] for t in morning["mustDo"]], [t["title"] for t in morning["complementary"]]),
                         (["Finish the proposal"], ["Email Sam"]))
        wait(d, lambda d: d.find_element(By.ID, "planned-morning").text == "1 h 15 planned · 1 h free")
        wait(d, lambda d: d.find_element(By.ID, "day-load").text == "1 h 15 planned; 2 h free today.")

        def effort(title):
            """A Morning row's effort, found and read in one step: the page's poll may draw the region again
            between finding a row and reading it."""
            return wait(d, lambda d: next((li.find_element(By.CSS_SELECTOR, ".effort").text
                                           for li in d.find_elements(By.CSS_SELECTOR, "#region-morning li[data-task]")
                                           if li.get_attribute("data-title") == title), None), message=f"no row {title}")
        self.assertEqual(effort("Finish the proposal"), "1 h")
        self.assertEqual(effort("Email Sam"), "15 min")
        # More planned than the day has free: said in words, in the problem colour too.
        self.add("Plan the offsite ~1h", "Afternoon, Complementary")
        wait(d, lambda d: d.find_element(By.ID, "day-load").text == "2 h 15 planned; 2 h free today.")
        self.assertIn("over", d.find_element(By.ID, "day-load").get_attribute("class"))
        # The counts read the limits and the room of Today's answer: the page keeps no copy of its own.
        morning = self.store.cli("today")["regions"]["morning"]
        self.assertEqual((morning["limits"], morning["room"]), ({"mustDo": 1, "complementary": 3, "misc": 5},
                                                               {"mustDo": 0, "complementary": 2, "misc": 5}))
        self.assertIsNone(d.execute_script("return document.getElementById('charflow-limits')"))
        # Read through `wait`: the page's poll may draw the region again between finding it and reading it.
        wait(d, lambda d: "Must-Do 1/1" in d.find_element(By.ID, "region-morning").text, message="Must-Do 1/1 not shown")
        # A full Must-Do is refused in words, naming the bucket.
        type_into(d, "quick-line", "Another must")
        Select(d.find_element(By.ID, "quick-where")).select_by_visible_text("Morning, Must-Do")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#quick-form button[type=submit]").click() or True)
        wait(d, lambda d: "Must-Do in Morning is full (1 of 1). Morning still has room in Complementary or Misc."
             in d.find_element(By.ID, "quick-parse").text)
        self.check_both_themes("Today with effort against free time", "today-free-time")
        self.viewport(375, 800)
        self.assert_no_horizontal_scroll("Today at 375 px")
        self.check_both_themes("Today with effort against free time at 375 px", "today-free-time-375")

    def test_the_preview_shows_a_category_only_when_it_exists_and_Settings_makes_renames_and_archives_one(self):
        s = self.store
        d = self.open_page()
        type_into(d, "quick-line", "Fix the gate #Home")
        wait(d, lambda d: "No category is called 'Home'. Create it in Settings first." in d.find_element(By.ID, "quick-parse").text,
             message="the preview showed a category that does not exist")
        self.assertNotIn("Category: Home", d.find_element(By.ID, "quick-parse").text)
        # Settings: create it.
        d.execute_script("location.hash = '#settings'")
        wait(d, lambda d: d.find_element(By.ID, "category-new").is_displayed())
        type_into(d, "category-new", "Home")
        wait(d, lambda d: d.find_element(By.ID, "category-create").click() or True)
        names = lambda: [c["name"] for c in s.cli("category", "list")["categories"]]
        wait(d, lambda d: "Home" in names(), message="not created")
        wait(d, lambda d: focused(d, "id") == "category-new")
        self.check_both_themes("Settings with a category", "settings-categories")
        # Back on Today the same line now shows the category.
        d.execute_script("location.hash = '#today'")
        type_into(d, "quick-line", "Fix the gate #Home")
        wait(d, lambda d: "Category: Home" in d.find_element(By.ID, "quick-parse").text)
        # Rename, then archive.
        d.execute_script("location.hash = '#settings'")
        wait(d, lambda d: by_label(d, "New name for Home"))
        type_into(d, "category-rename-Home", "House")
        click(d, "Rename Home")
        wait(d, lambda d: "House" in names() and "Home" not in names(), message="not renamed")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Renamed “Home” to “House”."))
        click(d, "Archive House")
        wait(d, lambda d: "House" not in names(), message="not archived")
        wait(d, lambda d: "House (archived)" in d.find_element(By.ID, "categories").text)
        wait(d, lambda d: focused(d, "aria-label") == "Restore House", message="focus lost after archive")

    def test_W14_night_plannings_new_task_reads_the_quick_add_syntax(self):
        s = self.store
        s.cli("category", "add", "Garden")
        d = self.open_page(fragment="#night")
        wait(d, lambda d: d.find_element(By.ID, "view-night").is_displayed() and d.find_elements(By.ID, "night-new-title"))
        type_into(d, "night-new-title", "Prepare slides !high ~60m #Garden")
        wait(d, lambda d: "Category: Garden" in d.find_element(By.ID, "night-new-parse").text, message="no preview")
        wait(d, lambda d: d.find_element(By.ID, "night-new-submit").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Planned “Prepare slides”"), message="the line was taken as a title")
        task = [t for t in s.cli("list", "--all")["tasks"] if t["title"] == "Prepare slides"][0]
        self.assertEqual((task["importance"], task["effortMinutes"], task["category"], task["dueDate"]), ("high", 60, "Garden", "2026-12-01"))


if __name__ == "__main__":
    unittest.main()
