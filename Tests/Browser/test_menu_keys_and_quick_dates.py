"""Small faults of the daily page (issue 25): the row menu's button opens its menu from the arrow keys
(the APG menu button), a Space press is not lost when the list is drawn again between the key going
down and coming up, "Later this week" is offered only while a later day is left in the week (the API's
`GET /api/dates` decides, W-24), and a browser that is not signed in gets a page in words, not JSON.
"""

import json
import re
import unittest
import urllib.error
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of

from browser_support import BrowserTestCase, by_label, theme, wait

SUNDAY = "2026-12-06T09:00"
FRIDAY = "2026-12-04T09:00"


class MenuKeysAndQuickDatesTests(BrowserTestCase):

    def active_label(self):
        return self.driver.execute_script(
            "const a = document.activeElement; return a === document.body ? 'BODY' : (a.getAttribute('aria-label') || a.id);")

    def focus_on(self, label):
        wait(self.driver, lambda d: d.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", by_label(d, label)),
             message=f"could not focus {label}")

    def menu_items(self, task_id):
        return [i.get_attribute("textContent") for i in self.driver.find_elements(By.CSS_SELECTOR, f"#task-menu-{task_id} [role=menuitem]")]

    def test_W21_down_on_the_menu_button_opens_the_menu_on_its_first_item_and_up_on_its_last(self):
        self.store.cli("add", "Book the venue", "--region", "morning", "--bucket", "misc")
        d = self.open_page()
        self.focus_on("More actions for Book the venue")
        ActionChains(d).send_keys(Keys.ARROW_DOWN).perform()
        wait(d, lambda d: self.active_label() == "Move to… Book the venue", message="Down did not open the menu on its first item")
        self.assertEqual(by_label(d, "More actions for Book the venue").get_attribute("aria-expanded"), "true")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        wait(d, lambda d: self.active_label() == "More actions for Book the venue")
        ActionChains(d).send_keys(Keys.ARROW_UP).perform()
        wait(d, lambda d: self.active_label() == "Delete Book the venue", message="Up did not open the menu on its last item")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        # Space on the button opens it too, on its first item.
        ActionChains(d).send_keys(Keys.SPACE).perform()
        wait(d, lambda d: self.active_label() == "Move to… Book the venue", message="Space did not open the menu")

    def test_W21_a_space_press_is_not_lost_when_the_list_is_drawn_again_before_the_key_comes_up(self):
        task = self.store.cli("add", "Water plants", "--region", "morning", "--bucket", "misc")["id"]
        self.store.cli("add", "Buy stamps", "--region", "morning", "--bucket", "misc")
        d = self.open_page()
        self.focus_on("Complete Water plants")
        box = d.switch_to.active_element
        ActionChains(d).key_down(Keys.SPACE).perform()
        # A change from elsewhere draws the board again while the key is down: the box is a new element.
        self.store.cli("add", "Call the bank", "--region", "afternoon", "--bucket", "misc")
        wait(d, lambda d: by_label(d, "Complete Call the bank") is not None, message="the change was not drawn")
        wait(d, staleness_of(box), message="the box was not drawn again")
        ActionChains(d).key_up(Keys.SPACE).perform()
        wait(d, lambda d: [t for t in self.store.cli("today")["regions"]["morning"]["misc"] if t["id"] == task][0]["isCompleted"],
             message="the Space press was lost")
        wait(d, lambda d: by_label(d, "Complete Water plants").is_selected())
        self.assertEqual(d.find_element(By.ID, "toast").text.split("\n")[0], "Completed “Water plants”.")
        # Exactly once: it was not completed and then opened again by a second activation.
        self.assertTrue(box is not None)
        self.assertEqual(self.store.cli("today")["progress"]["completed"], 1)

    def api_dates(self):
        base = self.store.url.split("/?")[0]
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())
        request = urllib.request.Request(base + "/api/dates", headers={"Cookie": cookie})
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    def test_W24_later_this_week_is_offered_only_while_a_later_day_is_left_in_the_week(self):
        # Monday (the tests' day): three days on is Thursday, still this week.
        task = self.store.cli("add", "Book the venue", "--region", "morning", "--bucket", "misc")["id"]
        d = self.open_page()
        wait(d, lambda d: "Defer to later this week" in self.menu_items(task), message="Monday offers no later this week")
        dates = self.api_dates()
        self.assertEqual(dates["weekEnds"], "2026-12-06")
        self.assertEqual([(q["word"], q.get("day")) for q in dates["quickDates"]],
                         [("tomorrow", "2026-12-01"), ("later-this-week", "2026-12-03"), ("next-week", "2026-12-07"), ("someday", None)])

    def check_no_later_this_week(self, now):
        s = self.store
        task = s.cli("add", "Book the venue", "--region", "morning", "--bucket", "misc", now=now)["id"]
        slipping = s.cli("add", "Call the garage", "--region", "morning", "--bucket", "misc", now=now)["id"]
        self.browser()
        self.driver.get(s.serve(now=now))
        d = self.driver
        wait(d, lambda d: self.menu_items(task), message="the board never rendered")
        wait(d, lambda d: "Defer to next week" in self.menu_items(task) and "Defer to later this week" not in self.menu_items(task),
             message=f"{now}: {self.menu_items(task)}")
        self.assertNotIn("later-this-week", [q["word"] for q in self.api_dates()["quickDates"]])
        # The defer sheet on the task's page offers no later this week either.
        d.execute_script("location.hash = arguments[0]", "#task/" + slipping)
        wait(d, lambda d: d.find_elements(By.ID, "detail-heading"))
        wait(d, lambda d: d.find_element(By.ID, "detail-defer").click() or True, message="no defer button")
        wait(d, lambda d: d.find_elements(By.ID, "defer-dates"))
        offered = [b.get_attribute("id") for b in d.find_elements(By.CSS_SELECTOR, "#defer-dates button")]
        self.assertNotIn("defer-to-later-this-week", offered)
        self.assertIn("defer-to-next-week", offered)

    def test_W24_on_a_sunday_later_this_week_is_not_offered_in_the_menu_or_the_sheet(self):
        self.check_no_later_this_week(SUNDAY)

    def test_W24_on_a_friday_later_this_week_is_not_offered_three_days_on_is_next_week(self):
        self.check_no_later_this_week(FRIDAY)

    def test_W25_a_browser_that_is_not_signed_in_gets_a_sign_in_page_in_words(self):
        url = self.store.serve()
        base = url.split("/?")[0] + "/"
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base)
        self.assertEqual(refused.exception.code, 401)
        self.assertTrue(refused.exception.headers["Content-Type"].startswith("text/html"))
        self.browser()
        d = self.driver
        d.get(base)
        self.assertEqual(d.find_element(By.TAG_NAME, "h1").text, "Sign in to Charflow")
        words = d.find_element(By.TAG_NAME, "main").text
        self.assertIn("charflow open", words)
        self.assertNotIn("{", words)
        self.assertFalse(re.search(r'"error"', d.page_source))
        for scheme in ("light", "dark"):
            theme(d, scheme)
            self.assert_no_axe_violations(f"the sign-in page, {scheme}")
            self.screenshot(f"sign-in-{scheme}")


if __name__ == "__main__":
    unittest.main()
