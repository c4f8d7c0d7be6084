"""Upcoming and Search (W-20): every live task is on some screen. Upcoming lists what is dated after today,
tomorrow first, each further day of this week, then later, and points to the Backlog for Someday; Search
finds a task by a word of its title or its notes, wherever it is.
"""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, wait, focused


class UpcomingTests(BrowserTestCase):

    def dated_tasks(self):
        s = self.store  # today is Monday 30 November 2026
        s.cli("add", "Pay rent", "--due", "tomorrow")
        s.cli("add", "Book the dentist", "--due", "2026-12-03")
        s.cli("add", "Plan the party", "--due", "next-week", "--notes", "Ask Robin about the cake")
        s.cli("add", "Renew the passport", "--due", "2027-02-01")
        s.cli("add", "Learn the banjo")
        s.cli("add", "Write the report", "--region", "morning", "--bucket", "must")

    def sections(self):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#view-upcoming section')).map(s =>"
            " [s.querySelector('h2').textContent, Array.from(s.querySelectorAll('.title-link')).map(a => a.textContent)])")

    def test_W20_upcoming_lists_tomorrow_this_week_by_day_later_and_someday(self):
        self.dated_tasks()
        d = self.open_page()
        d.find_element(By.TAG_NAME, "body").click()
        ActionChains(d).send_keys("u").perform()
        wait(d, lambda d: d.find_element(By.ID, "view-upcoming").is_displayed() and d.find_elements(By.ID, "upcoming-total"))
        self.assertEqual(d.title, "Charflow · Upcoming")
        self.assertEqual(d.find_element(By.ID, "upcoming-total").text, "4 tasks dated after today.")
        self.assertEqual(self.sections(), [
            ["Tomorrow, Tue 1 Dec", ["Pay rent"]],
            ["Thu 3 Dec", ["Book the dentist"]],
            ["Later", ["Plan the party", "Renew the passport"]],
            ["Someday", []],
        ])
        self.assertIn("Backlog: 1 task waiting.", d.find_element(By.ID, "view-upcoming").text)
        # Space completes a task from here, as everywhere.
        rent = d.find_element(By.CSS_SELECTOR, "#view-upcoming input[type=checkbox]")
        d.execute_script("arguments[0].focus()", rent)
        ActionChains(d).send_keys(Keys.SPACE).perform()
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Pay rent”."))
        wait(d, lambda d: d.find_element(By.ID, "upcoming-total").text == "3 tasks dated after today.")
        for width in (1280, 375):
            self.viewport(width, 800, mobile=width < 600)
            self.assert_no_horizontal_scroll(f"Upcoming at {width} px")
            self.check_both_themes(f"Upcoming at {width} px", f"upcoming-{width}")

    def test_W20_later_rows_say_their_day_someday_counts_as_the_backlog_and_search_finds_done_and_dropped(self):
        self.dated_tasks()
        s = self.store
        # Overdue since Friday: in the Backlog (B-16), so Someday's count, Today's and the Backlog's agree.
        s.cli("add", "Return the library book", "--due", "today", now="2026-11-27T09:00")
        done = s.cli("add", "Water the ferns")
        s.cli("done", done["id"])
        dropped = s.cli("add", "Repaint the fence")
        s.cli("delete", dropped["id"])
        d = self.open_page(fragment="#upcoming")
        wait(d, lambda d: d.find_elements(By.ID, "upcoming-later"))
        later = d.execute_script(
            "return Array.from(document.querySelectorAll('#view-upcoming section:has(#upcoming-later) li[data-task]'))"
            ".map(li => [li.querySelector('.title-link').textContent, (li.querySelector('.where') || {}).textContent])")
        self.assertEqual(later, [["Plan the party", "Mon 7 Dec"], ["Renew the passport", "Mon 1 Feb"]])
        someday = d.find_element(By.CSS_SELECTOR, "section:has(#upcoming-someday)").text
        self.assertIn("Backlog: 2 tasks waiting.", someday)
        d.execute_script("location.hash = '#backlog'")
        wait(d, lambda d: d.find_element(By.ID, "backlog-total").text == "2 tasks waiting.",
             message=f"the Backlog says {d.find_element(By.ID, 'backlog-total').text}")
        d.execute_script("location.hash = '#search'")
        line = wait(d, lambda d: d.find_elements(By.ID, "search-line"))[0]
        rows = lambda d: sorted(li.text for li in d.find_elements(By.CSS_SELECTOR, "#search-list li"))
        line.send_keys("e")
        wait(d, lambda d: "Water the ferns\nDone" in rows(d) and "Repaint the fence\nDropped" in rows(d),
             message=f"done and dropped tasks are not found: {rows(d)}")
        self.assertIn("Return the library book\nBacklog", rows(d))
        self.check_both_themes("Search with done and dropped tasks", "search-done-dropped")

    def test_W20_search_finds_any_task_by_title_or_notes_and_says_where_it_is(self):
        self.dated_tasks()
        d = self.open_page()
        d.find_element(By.TAG_NAME, "body").click()
        ActionChains(d).send_keys("/").perform()
        wait(d, lambda d: focused(d, "id") == "search-line", message="/ did not open Search")
        self.assertEqual(d.title, "Charflow · Search")
        ActionChains(d).send_keys("robin").perform()
        rows = lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#search-list li")]
        wait(d, lambda d: rows(d) == ["Plan the party\nDue Mon 7 Dec"], message=f"notes not searched: {rows(d)}")
        wait(d, lambda d: d.find_element(By.ID, "announce").text == "1 task matches “robin”.")
        line = d.find_element(By.ID, "search-line")
        line.clear()
        line.send_keys("the")
        wait(d, lambda d: sorted(rows(d)) == sorted([
            "Book the dentist\nDue Thu 3 Dec", "Plan the party\nDue Mon 7 Dec", "Renew the passport\nDue Mon 1 Feb",
            "Learn the banjo\nBacklog", "Write the report\nMorning, Must-Do"]), message=f"{rows(d)}")
        # What is typed survives the page's redraws.
        self.store.cli("add", "Tidy the shed")
        wait(d, lambda d: "Tidy the shed\nBacklog" in rows(d), seconds=4, message="a new task did not show")
        self.assertEqual(d.find_element(By.ID, "search-line").get_attribute("value"), "the")
        line.send_keys("zzz")
        wait(d, lambda d: d.find_element(By.ID, "search-results").text == "No task matches “thezzz”. A shorter word finds more; a new task starts in quick add on Today.")
        line.clear()
        line.send_keys("report")
        wait(d, lambda d: rows(d) == ["Write the report\nMorning, Must-Do"])
        for width in (1280, 375):
            self.viewport(width, 800, mobile=width < 600)
            self.assert_no_horizontal_scroll(f"Search at {width} px")
            self.check_both_themes(f"Search at {width} px", f"search-{width}")


if __name__ == "__main__":
    unittest.main()
