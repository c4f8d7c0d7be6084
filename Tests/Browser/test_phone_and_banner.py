"""The phone-sized screen and the banner (W-22, W-23): at 375 px Today lists every task and the header
stays on one line; errors and being offline show at the top of the screen in words, never the browser's
"Failed to fetch".
"""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, wait, focused


class PhoneAndBannerTests(BrowserTestCase):

    def full_day(self):
        s = self.store
        self.titles = []
        for region, bucket, titles in (("morning", "must", ["Finish proposal"]),
                                       ("morning", "complementary", ["Review notes", "Email Sam"]),
                                       ("morning", "misc", ["Water plants", "Buy stamps"]),
                                       ("afternoon", "complementary", ["Call the bank"]),
                                       ("evening", "misc", ["Read a chapter"])):
            for title in titles:
                s.cli("add", title, "--region", region, "--bucket", bucket)
                self.titles.append(title)

    def test_W23_at_375_px_today_lists_every_task_and_the_header_is_one_line(self):
        self.full_day()
        d = self.open_page()
        for scheme_width in (375, 1280):
            self.viewport(scheme_width, 800, mobile=scheme_width < 600)
            shown = d.execute_script(
                "return Array.from(document.querySelectorAll('#regions .title-link')).filter(a => a.offsetParent !== null).map(a => a.textContent)")
            self.assertEqual(sorted(shown), sorted(self.titles), f"at {scheme_width} px")
            header = d.execute_script(
                "const h = document.querySelector('header.top'); const links = Array.from(h.querySelectorAll('.brand, a, button'))"
                ".filter(e => e.offsetParent !== null).map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });"
                "return [h.getBoundingClientRect().height, Math.max(...links) - Math.min(...links)];")
            self.assertLess(header[0], 64, f"at {scheme_width} px the header is {header[0]} px tall")
            self.assertLess(header[1], 8, f"at {scheme_width} px the header's controls are on more than one line")
            self.assert_no_horizontal_scroll(f"Today at {scheme_width} px")
            self.check_both_themes(f"Today at {scheme_width} px", f"today-{scheme_width}")

    def test_W23_on_a_narrow_window_the_screens_are_a_menu_opened_and_closed_from_the_keyboard(self):
        # Between a phone (whose bar at the foot opens the menu: test_phone_daily) and a wide window.
        self.full_day()
        d = self.open_page()
        self.viewport(800, 800, mobile=False)
        self.assertFalse(d.find_element(By.ID, "chip").is_displayed(), "an empty session chip shows")
        button = d.find_element(By.ID, "screens-button")
        self.assertTrue(button.is_displayed())
        self.assertFalse(d.find_element(By.ID, "nav-backlog").is_displayed())
        d.execute_script("arguments[0].focus()", button)
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, lambda d: focused(d, "id") == "nav-today", message="the menu did not take focus")
        self.assertEqual(button.get_attribute("aria-expanded"), "true")
        self.check_both_themes("the screens' menu at 800 px", "screens-menu-800")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        wait(d, lambda d: focused(d, "id") == "screens-button", message="Esc did not return focus")
        self.assertFalse(d.find_element(By.ID, "nav-backlog").is_displayed())
        # Following a link closes the menu and focus goes to the new screen's heading.
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, lambda d: d.find_element(By.ID, "nav-backlog").is_displayed())
        d.execute_script("document.getElementById('nav-backlog').focus()")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, lambda d: d.switch_to.active_element.tag_name == "h1" and d.switch_to.active_element.text == "Backlog")
        self.assertEqual(button.get_attribute("aria-expanded"), "false")

    def test_W22_offline_is_said_at_the_top_in_words_and_quick_add_says_so_there_too(self):
        self.store.cli("add", "Finish proposal", "--region", "morning", "--bucket", "must")
        d = self.open_page()
        self.store.server.terminate()
        self.store.server.wait(timeout=10)
        offline = "Charflow is not answering; the board shows what it last knew."
        wait(d, lambda d: d.find_element(By.ID, "problem").text == offline, seconds=5, message="no offline banner")
        place = d.execute_script(
            "const p = document.getElementById('problem').getBoundingClientRect();"
            "const m = document.querySelector('main').getBoundingClientRect();"
            "return [p.top, p.bottom, m.top];")
        self.assertLess(place[0], 80, f"the banner is not at the top: {place}")
        self.assertLessEqual(place[1], place[2], "the banner lies over the screen")
        # Item 11: quick add sent while the server is gone says so in the banner, in words; the line is
        # kept for a second try and focus stays on it. The browser's "Failed to fetch" is never shown.
        d.execute_script("document.getElementById('problem').textContent = ''")
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("Buy stamps", Keys.ENTER)
        wait(d, lambda d: d.find_element(By.ID, "problem").text == offline, message="quick add's failure is not in the banner")
        self.assertEqual(d.find_element(By.ID, "quick-parse").text, "")
        self.assertEqual(line.get_attribute("value"), "Buy stamps")
        self.assertEqual(focused(d, "id"), "quick-line")
        self.assertNotIn("Failed to fetch", d.find_element(By.TAG_NAME, "body").text)
        self.check_both_themes("Today offline", "today-offline")


if __name__ == "__main__":
    unittest.main()
