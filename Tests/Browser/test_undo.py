"""The undo toast from the keyboard and under the pointer (W-15, W-21, W-22): `z` and Ctrl+Z undo the last
action from anywhere, the toast waits while hovered or focused, focus comes back to a control and never
falls to the body, and the toast has a row of its own, over no control (WCAG 2.4.11).
"""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, by_label, theme, wait


class UndoTests(BrowserTestCase):

    def board(self):
        s = self.store
        self.tasks = [s.cli("add", f"Task {n}", "--region", region, "--bucket", "misc")["id"]
                      for n, region in enumerate(["morning"] * 4 + ["afternoon"] * 3 + ["evening"] * 3)]

    def is_done(self, task):
        return self.store.cli("show", task)["isCompleted"]

    def active_id(self):
        return self.driver.execute_script("const a = document.activeElement; return a === document.body ? 'BODY' : a.id;")

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def complete_from_the_keyboard(self, task):
        d = self.driver
        # Found and focused in one step: the board is drawn anew on every change. Only a box drawn open
        # is pressed: right after an undo the store has the task open while the board drawn before it
        # still shows the box ticked, and Space there would reopen it instead.
        wait(d, lambda d: d.execute_script("const b = document.getElementById(arguments[0]); if (b && !b.checked) b.focus();"
                                           " return Boolean(b) && !b.checked && document.activeElement === b", "task-" + task))
        self.keys(Keys.SPACE)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Task 5”."))
        wait(d, lambda d: self.is_done(task))

    def test_W21_z_undoes_the_last_action_and_focus_stays_on_the_task(self):
        self.board()
        d = self.open_page()
        task = self.tasks[5]
        self.complete_from_the_keyboard(task)
        self.keys("z")
        wait(d, lambda d: not self.is_done(task), message="z did not undo the completion")
        wait(d, lambda d: d.find_element(By.ID, "toast").text == "")
        wait(d, lambda d: self.active_id() == "task-" + task, message=f"focus went to {self.active_id()}")
        # Nothing is left to undo: `z` again says so and changes nothing.
        self.keys("z")
        wait(d, lambda d: d.find_element(By.ID, "announce").text == "Nothing to undo.")
        self.assertFalse(self.is_done(task))

    def test_W21_ctrl_z_undoes_outside_a_text_field_and_not_inside_one(self):
        self.board()
        d = self.open_page()
        task = self.tasks[5]
        self.complete_from_the_keyboard(task)
        # In the quick-add field Ctrl+Z is the field's own undo.
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("x")
        line.send_keys(Keys.CONTROL, "z")
        time.sleep(0.5)
        self.assertTrue(self.is_done(task))
        d.execute_script("arguments[0].focus()", d.find_element(By.ID, "task-" + task))
        self.keys(Keys.CONTROL, "z")
        wait(d, lambda d: not self.is_done(task), message="Ctrl+Z did not undo the completion")
        self.assertNotEqual(self.active_id(), "BODY")

    def test_W22_the_toast_waits_while_focused_and_focus_returns_after_undo(self):
        self.board()
        d = self.open_page()
        task = self.tasks[5]
        self.complete_from_the_keyboard(task)
        # Focus on the toast's button, as Tab leaves it.
        d.execute_script("document.getElementById('toast-undo').focus()")
        # Past the five seconds the toast would have had: it stays.
        time.sleep(5.5)
        self.assertEqual(self.active_id(), "toast-undo", "the toast went while it held focus")
        self.keys(Keys.ENTER)
        wait(d, lambda d: not self.is_done(task))
        wait(d, lambda d: self.active_id() == "task-" + task, message=f"focus went to {self.active_id()}")

    def test_W22_the_toast_waits_while_hovered_then_goes_five_seconds_after(self):
        self.board()
        d = self.open_page()
        self.complete_from_the_keyboard(self.tasks[5])
        ActionChains(d).move_to_element(d.find_element(By.ID, "toast")).perform()
        time.sleep(5.5)
        self.assertTrue(d.find_element(By.ID, "toast").text.startswith("Completed “Task 5”."), "the toast went while hovered")
        ActionChains(d).move_to_element(d.find_element(By.ID, "overall")).perform()
        time.sleep(3)
        self.assertNotEqual(d.find_element(By.ID, "toast").text, "", "the toast went before five seconds")
        wait(d, lambda d: d.find_element(By.ID, "toast").text == "", seconds=5)
        self.assertNotEqual(self.active_id(), "BODY")

    def test_W22_the_toast_lies_over_no_control_at_1280_and_375_px(self):
        self.board()
        d = self.open_page()
        for width, height in ((1280, 900), (375, 700)):
            self.viewport(width, height, mobile=width < 600)
            self.complete_from_the_keyboard(self.tasks[5])
            # The toast's row is below the scrolling screen: no part of `main` is under it.
            gap = d.execute_script(
                "const t = document.getElementById('toast').getBoundingClientRect();"
                "const m = document.querySelector('main').getBoundingClientRect();"
                "return t.top - m.bottom;")
            self.assertGreaterEqual(gap, 0, f"at {width} px the toast overlaps the screen by {-gap} px")
            # What has focus stays in sight above it.
            # Once the board is drawn again after the completion (a redraw under way may hold focus
            # for a moment on the list it replaces).
            wait(d, lambda d: d.execute_script(
                "const r = document.activeElement.getBoundingClientRect();"
                "const m = document.querySelector('main').getBoundingClientRect();"
                "return document.activeElement !== document.body && r.top >= m.top && r.bottom <= m.bottom;"),
                message=f"at {width} px the focused task is out of sight")
            self.check_both_themes(f"Today with the undo toast at {width} px", f"undo-toast-{width}")
            self.keys("z")
            wait(d, lambda d: not self.is_done(self.tasks[5]))


if __name__ == "__main__":
    unittest.main()
