"""The keyboard model of task lists (W-21): one tab stop per list, Up/Down/Home/End between its tasks,
Left/Right along a row, Enter opens, Space completes, Alt+Up/Down moves a task from anywhere on its row,
the per-task menu (the APG menu button) opened by its button, `m` or Shift+F10 and closed by Esc back to
its button, and `?` listing every key. Rows keep their actions in that menu, on one line.
"""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, by_label, click, wait, focused


class TaskListKeyboardTests(BrowserTestCase):

    def setUp(self):
        super().setUp()
        s = self.store
        self.ids = {title: s.cli("add", title, "--region", "morning", "--bucket", "complementary")["id"]
                    for title in ("Review notes", "Email Sam", "Book the venue")}
        self.ids["Water plants"] = s.cli("add", "Water plants", "--region", "morning", "--bucket", "misc")["id"]

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def active_label(self):
        return self.driver.execute_script(
            "const a = document.activeElement; return a === document.body ? 'BODY' : (a.getAttribute('aria-label') || a.id || a.textContent);")

    def focus_on(self, label):
        wait(self.driver, lambda d: d.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", by_label(d, label)),
             message=f"could not focus {label}")

    def order(self):
        return [t["title"] for t in self.store.cli("today")["regions"]["morning"]["complementary"]]

    def test_W21_each_list_is_one_tab_stop_and_the_arrows_move_between_its_tasks(self):
        d = self.open_page()
        card = "#region-morning"
        # Every control of the card's task lists, and those Tab reaches: one per list.
        stops = lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0] + ' ul.tasks')).map(list =>"
            " Array.from(list.querySelectorAll('input, a, button')).filter(n => n.tabIndex >= 0 && !n.closest('[role=menu]')).length)", card)
        self.assertEqual(wait(d, lambda d: stops(d) if len(stops(d)) == 2 else None), [1, 1])
        self.focus_on("Complete Review notes")
        self.keys(Keys.ARROW_DOWN)
        wait(d, lambda d: self.active_label() == "Complete Email Sam", message="Down did not move to the next task")
        self.keys(Keys.END)
        wait(d, lambda d: self.active_label() == "Complete Book the venue")
        self.keys(Keys.ARROW_DOWN)  # the last stays the last: Down does not leave the list
        self.assertEqual(self.active_label(), "Complete Book the venue")
        self.keys(Keys.HOME)
        wait(d, lambda d: self.active_label() == "Complete Review notes")
        self.keys(Keys.ARROW_DOWN)
        # The tab stop follows: Tab leaves the list, Shift+Tab comes back to the same task.
        self.assertEqual(stops(d), [1, 1])
        self.assertEqual(d.execute_script("return document.activeElement.tabIndex"), 0)
        # Right goes along the row: the title, then the menu button; Left comes back.
        self.keys(Keys.ARROW_RIGHT)
        wait(d, lambda d: d.switch_to.active_element.text == "Email Sam")
        self.keys(Keys.ARROW_RIGHT)
        wait(d, lambda d: self.active_label() == "More actions for Email Sam")
        self.keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        wait(d, lambda d: self.active_label() == "Complete Email Sam")

    def test_W21_alt_arrows_move_from_anywhere_on_the_row_enter_opens_space_completes(self):
        d = self.open_page()
        # From the title, not the checkbox: Alt+Down moves the task and focus stays on it.
        self.focus_on("Complete Review notes")
        self.keys(Keys.ARROW_RIGHT)
        wait(d, lambda d: d.switch_to.active_element.text == "Review notes")
        ActionChains(d).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
        wait(d, lambda d: self.order() == ["Email Sam", "Review notes", "Book the venue"], message="Alt+Down from the title did not move it")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Review notes” moved to place 2 of 3 in Morning Complementary."))
        wait(d, lambda d: d.switch_to.active_element.text == "Review notes", message="focus left the moved task")
        # From the menu button too.
        self.keys(Keys.ARROW_RIGHT)
        wait(d, lambda d: self.active_label() == "More actions for Review notes")
        ActionChains(d).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
        wait(d, lambda d: self.order() == ["Review notes", "Email Sam", "Book the venue"], message="Alt+Up from the menu button did not move it")
        # Space on the title completes the task; the toast offers its undo.
        self.keys(Keys.ARROW_LEFT)
        wait(d, lambda d: d.switch_to.active_element.text == "Review notes")
        self.keys(Keys.SPACE)
        wait(d, lambda d: self.store.cli("show", self.ids["Review notes"])["isCompleted"], message="Space did not complete it")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Review notes”."))
        # Enter on a checkbox opens the task, focus on its heading.
        self.focus_on("Complete Email Sam")
        self.keys(Keys.ENTER)
        wait(d, lambda d: d.execute_script("return location.hash") == "#task/" + self.ids["Email Sam"])
        wait(d, lambda d: focused(d, "id") == "detail-heading", message="focus not on the task's heading")
        self.assertFalse(self.store.cli("show", self.ids["Email Sam"])["isCompleted"])

    def test_W21_the_task_menu_opens_by_button_m_or_shift_f10_and_esc_returns_focus(self):
        d = self.open_page()
        venue = self.ids["Book the venue"]
        self.focus_on("Complete Book the venue")
        self.keys("m")
        wait(d, lambda d: self.active_label() == "Move to… Book the venue", message="m did not open the menu on its first item")
        button = by_label(d, "More actions for Book the venue")
        self.assertEqual((button.get_attribute("aria-haspopup"), button.get_attribute("aria-expanded")), ("menu", "true"))
        items = [i.text for i in d.find_elements(By.CSS_SELECTOR, f"#task-menu-{venue} [role=menuitem]")]
        self.assertEqual(items, ["Move to…", "Defer to tomorrow", "Defer to later this week", "Defer to next week", "Defer to someday", "Delete"])
        self.keys(Keys.ARROW_DOWN)
        wait(d, lambda d: self.active_label() == "Defer Book the venue to tomorrow")
        self.keys(Keys.END)
        wait(d, lambda d: self.active_label() == "Delete Book the venue")
        self.keys(Keys.ARROW_DOWN)  # wraps
        wait(d, lambda d: self.active_label() == "Move to… Book the venue")
        self.check_both_themes("Today with a task's menu open", "keyboard-menu")
        self.keys(Keys.ESCAPE)
        wait(d, lambda d: self.active_label() == "More actions for Book the venue", message="Esc did not return focus to the menu button")
        self.assertEqual(by_label(d, "More actions for Book the venue").get_attribute("aria-expanded"), "false")
        self.assertFalse(d.find_element(By.ID, f"task-menu-{venue}").is_displayed())
        # Shift+F10 from the row; Enter on "Move to…" opens the picker, Esc closes it back to the button.
        self.keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        wait(d, lambda d: self.active_label() == "Complete Book the venue")
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        wait(d, lambda d: self.active_label() == "Move to… Book the venue", message="Shift+F10 did not open the menu")
        self.keys(Keys.ENTER)
        wait(d, lambda d: focused(d, "id") == f"task-move-{venue}-region", message="no picker")
        self.keys(Keys.ESCAPE)
        wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, "form.move-form"))
        wait(d, lambda d: self.active_label() == "More actions for Book the venue", message="Esc on the picker lost focus")
        # A deferral from the menu: the task leaves, focus goes to the next task of its list.
        click(d, "More actions for Email Sam")
        wait(d, lambda d: self.active_label() == "Move to… Email Sam")
        self.keys(Keys.ARROW_DOWN, Keys.ENTER)
        wait(d, lambda d: self.store.cli("show", self.ids["Email Sam"])["dueDate"] == "2026-12-01", message="the deferral did not reach the store")
        wait(d, lambda d: self.active_label() == "Complete Book the venue", message="focus did not go to the next task")

    def test_W21_question_mark_lists_every_key_and_esc_closes_it_back_where_it_was(self):
        d = self.open_page()
        self.focus_on("Complete Email Sam")
        self.keys("?")
        wait(d, lambda d: d.find_element(By.ID, "shortcuts").is_displayed())
        listed = d.find_element(By.CSS_SELECTOR, "#shortcuts dl").text
        for key in ("?", "n", "t", "b", "u", "/", "z", "Ctrl", "Tab", "↑", "↓", "Home", "End", "←", "→", "Enter", "Space",
                    "Alt", "m", "Shift", "F10", "Esc"):
            self.assertIn(key, listed)
        self.check_both_themes("the keys listed", "keyboard-shortcuts")
        self.keys(Keys.ESCAPE)
        wait(d, lambda d: not d.find_element(By.ID, "shortcuts").is_displayed())
        wait(d, lambda d: self.active_label() == "Complete Email Sam", message="Esc did not give focus back")

    def test_W21_rows_keep_their_actions_in_the_menu_on_one_line_at_1280_and_375_px(self):
        d = self.open_page()
        for width in (1280, 375):
            if width != 1280:
                self.viewport(width, 800)
            # The checkbox, title and menu button of each row share one line.
            tops = wait(d, lambda d: d.execute_script(
                "return Array.from(document.querySelectorAll('#region-morning ul.tasks > li')).map(li =>"
                " ['input', '.title-link', '.menu-button'].map(s => { const r = li.querySelector(s).getBoundingClientRect();"
                " return Math.round(r.top + r.height / 2); }))"))
            self.assertEqual(len(tops), 4)
            for row in tops:
                self.assertLessEqual(max(row) - min(row), 6, f"at {width} px a row is on more than one line: {row}")
            self.assertEqual(d.find_elements(By.XPATH, "//*[@id='region-morning']//button[normalize-space()='Move to…' and not(@role='menuitem')]"), [])
            self.screenshot(f"keyboard-rows-{width}")


if __name__ == "__main__":
    unittest.main()
