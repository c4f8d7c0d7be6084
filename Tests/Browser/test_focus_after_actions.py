"""Where focus goes, keyboard only (W-21): on the new screen's heading after every change of screen, and on
the natural next control after Pause, Resume and Finish on Focus and after Keep, Later and Drop in night
planning; never on the page's body.
"""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, wait, wait_for_board

EVENING = "2026-11-30T21:00"


class FocusAfterActionsTests(BrowserTestCase):

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def focused(self):
        return self.driver.execute_script(
            "const a = document.activeElement; return a === document.body ? 'BODY' : (a.id || a.tagName) + '|' + a.textContent.trim();")

    def wait_focus(self, element_id, why):
        wait(self.driver, lambda d: self.focused().split("|")[0] == element_id, message=f"{why}: focus is on {self.focused()}")

    def wait_heading(self, heading, why):
        """Waits for focus on a shown heading that starts with `heading`, read in one step: until the page has
        handled the key the previous screen's heading still holds focus, and while the new screen is drawn
        focus may pass through the body."""
        wait(self.driver, lambda d: d.execute_script(
            "const a = document.activeElement; return a.tagName === 'H1' && a.offsetParent !== null"
            " && a.textContent.trim().startsWith(arguments[0]);", heading),
            message=f"{why}: focus is on {self.focused()}")

    def focused_task(self):
        """The title of the task whose row holds focus, 'BODY' when the body has it, else what has it."""
        return self.driver.execute_script(
            "const a = document.activeElement; if (a === document.body) return 'BODY';"
            " const row = a.closest('li[data-task]'); if (!row) return (a.id || a.tagName) + '|' + a.textContent.trim();"
            " const link = row.querySelector('.title-link'); return link ? link.textContent.trim() : row.dataset.title;")

    def space_on_first_row(self, list_selector, first, then):
        """Focuses `first`'s row in the list `list_selector` and completes it with Space; focus must reach `then`'s row."""
        d = self.driver
        # Found and focused in one step in the page: the poll may draw the list again between two.
        wait(d, lambda d: d.execute_script(
            "const row = [...document.querySelectorAll(arguments[0])].find(r => r.textContent.includes(arguments[1]));"
            " if (!row) return false; row.querySelector('[data-rove]').focus(); return true;",
            list_selector + " > li[data-task]", first), message=f"no row {first}")
        self.assertEqual(self.focused_task(), first)
        self.keys(Keys.SPACE)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith(f"Completed “{first}”."), message="no completion")
        wait(d, lambda d: self.focused_task() == then, message=f"after Space on {first}: focus is on {self.focused_task()}")
        # And it stays there: the poll's later redraws keep it.
        time.sleep(1.2)
        self.assertEqual(self.focused_task(), then)

    def test_W21_space_in_the_backlog_upcoming_and_due_leaves_focus_on_the_next_row_never_the_body(self):
        s = self.store
        s.cli("add", "Learn the banjo")
        s.cli("add", "Sort the photos")
        s.cli("add", "Pay rent", "--due", "tomorrow")
        s.cli("add", "Post the card", "--due", "tomorrow")
        s.cli("add", "Renew the permit", "--due", "today")
        s.cli("add", "Ring the garage", "--due", "today")
        d = self.open_page(fragment="#backlog")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#backlog-groups li[data-task]"))
        order = [a.text for a in d.find_elements(By.CSS_SELECTOR, "#backlog-groups .title-link")]
        self.space_on_first_row("#backlog-groups ul.tasks", order[0], order[1])
        d.execute_script("location.hash = '#upcoming'")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#view-upcoming li[data-task]"))
        order = [a.text for a in d.find_elements(By.CSS_SELECTOR, "#view-upcoming .title-link")]
        self.space_on_first_row("#view-upcoming ul.tasks", order[0], order[1])
        d.execute_script("location.hash = '#today'")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#due li[data-task]"))
        order = [a.text for a in d.find_elements(By.CSS_SELECTOR, "#due .title-link")]
        self.assertEqual(sorted(order), ["Renew the permit", "Ring the garage"])
        self.space_on_first_row("#due ul.tasks", order[0], order[1])

    def test_W21_deferring_to_someday_from_the_sheet_leaves_focus_on_the_next_task_of_the_bucket(self):
        s = self.store
        slipping = s.cli("add", "Clean the oven", "--due", "today", now="2026-11-28T09:00")["id"]
        s.cli("defer", slipping, "--to", "tomorrow", now="2026-11-28T10:00")
        s.cli("defer", slipping, "--to", "tomorrow", now="2026-11-29T10:00")
        s.cli("move", slipping, "--region", "morning", "--bucket", "misc")
        s.cli("add", "Water the plants", "--region", "morning", "--bucket", "misc")
        d = self.open_page()
        wait(d, lambda d: d.execute_script(
            "const button = [...document.querySelectorAll('#regions .menu-button')]"
            ".find(b => (b.getAttribute('aria-label') || '').endsWith('Clean the oven'));"
            " if (!button) return false; button.focus(); return true;"), message="no menu button for Clean the oven")
        self.keys(Keys.ENTER)
        for _ in range(8):
            if self.focused().split("|")[-1] == "Defer…":
                break
            self.keys(Keys.ARROW_DOWN)
        self.assertEqual(self.focused().split("|")[-1], "Defer…")
        self.keys(Keys.ENTER)
        wait(d, lambda d: d.find_elements(By.ID, "defer-to-someday"), message="the sheet offers no Someday")
        d.execute_script("document.getElementById('defer-to-someday').focus()")
        self.keys(Keys.ENTER)
        wait(d, lambda d: "Clean the oven" not in d.find_element(By.ID, "regions").text, message="the task stayed")
        wait(d, lambda d: self.focused_task() == "Water the plants", message=f"after Someday: focus is on {self.focused_task()}")
        time.sleep(1.2)
        self.assertEqual(self.focused_task(), "Water the plants")

    def test_W21_every_change_of_screen_puts_focus_on_its_heading(self):
        self.store.cli("add", "Write the report", "--region", "morning", "--bucket", "must")
        d = self.open_page()
        d.find_element(By.TAG_NAME, "body").click()
        for key, heading in (("b", "Backlog"), ("u", "Upcoming"), ("t", "Today")):
            self.keys(key)
            # One read a poll: until the page has handled the key the previous screen's heading still holds
            # focus, and while the new screen is drawn focus may pass through the body.
            self.wait_heading(heading, f"after {key}")
        # Following a link in the header with Enter: the heading of the screen it opens.
        for link, heading in (("nav-habits", "Habits"), ("nav-night", "Night planning"), ("nav-focus", "Focus"),
                              ("nav-settings", "Settings"), ("nav-search", "Search")):
            d.execute_script("document.getElementById(arguments[0]).focus()", link)
            self.keys(Keys.ENTER)
            self.wait_heading(heading, f"after {link}")

    def test_W21_pause_resume_and_finish_each_leave_focus_on_the_next_control(self):
        self.store.cli("add", "Write the report", "--region", "morning", "--bucket", "must")
        self.store.cli("add", "Email Sam", "--region", "afternoon")
        d = self.open_page(fragment="#focus")
        wait(d, lambda d: d.find_elements(By.ID, "focus-begin"))
        d.execute_script("document.getElementById('focus-begin').focus()")
        self.keys(Keys.ENTER)
        self.wait_focus("focus-heading", "after Begin")
        d.execute_script("document.getElementById('focus-pause').focus()")
        self.keys(Keys.ENTER)
        self.wait_focus("focus-resume", "after Pause")
        self.keys(Keys.ENTER)
        self.wait_focus("focus-pause", "after Resume")
        # Finish (done): the picker for the next session.
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#view-focus .finish button"))
        d.execute_script("document.querySelector('#view-focus .finish button').focus()")
        self.keys(Keys.ENTER)
        self.wait_focus("focus-task", "after Finish")

    def test_W21_keep_later_and_drop_move_focus_to_the_next_task_in_night_planning(self):
        s = self.store
        add = lambda *args: s.cli("add", *args, now=EVENING)["id"]
        first = add("Finish proposal", "--region", "morning", "--bucket", "must")
        second = add("Email Sam", "--region", "afternoon")
        third = add("Call the bank", "--region", "afternoon", "--bucket", "complementary")
        self.browser()
        d = self.driver
        d.get(s.serve(now=EVENING))
        wait_for_board(d)
        d.execute_script("location.hash = '#night'")
        wait(d, lambda d: d.find_elements(By.ID, "night-close"))
        # Each task is one menu button; its items are Keep, Later… and Drop.
        order = d.execute_script("return Array.from(document.querySelectorAll('#night-open > li .menu-button')).map(b => b.id.slice(13))")
        self.assertEqual(sorted(order), sorted([first, second, third]))
        d.execute_script("document.getElementById(arguments[0]).focus()", "night-choose-" + order[0])
        self.keys(Keys.ENTER)
        self.wait_focus("night-keep-" + order[0], "after opening the menu")
        self.keys(Keys.ENTER)
        self.wait_focus("night-choose-" + order[1], "after Keep")
        # Drop the next, the menu's last item: focus on the one after it.
        self.keys(Keys.ENTER)
        self.wait_focus("night-keep-" + order[1], "after opening the menu")
        self.keys(Keys.END)
        self.wait_focus("night-drop-" + order[1], "on Drop")
        self.keys(Keys.ENTER)
        self.wait_focus("night-choose-" + order[2], "after Drop")
        # Later, with its day picker, for the last: focus goes on to the next control, not the body.
        self.keys(Keys.ENTER)
        self.keys(Keys.ARROW_DOWN)
        self.wait_focus("night-later-" + order[2], "on Later…")
        self.keys(Keys.ENTER)
        self.wait_focus("night-later-title-" + order[2], "after opening Later")
        d.execute_script("document.getElementById(arguments[0]).focus()", f"night-when-{order[2]}-next-week")
        self.keys(Keys.ENTER)
        wait(d, lambda d: not d.find_elements(By.ID, "night-choose-" + order[2]))
        wait(d, lambda d: self.focused() != "BODY" and not self.focused().startswith("night-heading"),
             message=f"after Later focus is on {self.focused()}")
        self.assertTrue(d.switch_to.active_element.is_displayed())


if __name__ == "__main__":
    unittest.main()
