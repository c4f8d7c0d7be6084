"""Today's notices in the page: the signals the CLI's Today prints, shown until dismissed and recorded as
seen once shown, so the CLI does not say them again (A-2, W-8)."""

import unittest

from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, by_label, click, wait


class NoticeTests(BrowserTestCase):
    def stale_task(self):
        """A task deferred on four days running: Today says it has gone stale (T-21's table)."""
        task = self.store.cli("add", "Learn the banjo", "--due", "today", now="2026-11-26T09:00")["id"]
        for day in range(26, 30):
            self.store.cli("defer", task, "--to", "tomorrow", now=f"2026-11-{day}T10:00")
        signals = self.store.cli("today")["signals"]
        self.assertEqual([(s["kind"], s["task"]) for s in signals], [("stale", task)])
        return task, signals[0]["message"]

    def test_W8_A2_a_notice_shows_until_dismissed_and_the_CLI_does_not_say_it_again(self):
        _, message = self.stale_task()
        d = self.open_page()
        wait(d, lambda d: d.find_element(By.ID, "notices").is_displayed(), message="no notices shown")
        self.assertEqual([li.find_element(By.TAG_NAME, "span").text for li in d.find_elements(By.CSS_SELECTOR, "#notice-list li")],
                         [message])
        # Shown on the page, so recorded as seen: the CLI's Today no longer has it pending.
        wait(d, lambda d: self.store.cli("today")["signals"] == [], message="the notice was not recorded as seen")
        self.check_both_themes("today-notices", "today-notices")
        # Still on the page after a change made elsewhere redraws it.
        self.store.cli("add", "Water plants", "--region", "morning")
        wait(d, lambda d: by_label(d, "Complete Water plants") is not None)
        self.assertIsNotNone(by_label(d, "Dismiss: " + message))
        click(d, "Dismiss: " + message)
        wait(d, lambda d: not d.find_element(By.ID, "notices").is_displayed(), message="the notice did not go")
        self.assertEqual(d.switch_to.active_element.tag_name, "h1")


if __name__ == "__main__":
    unittest.main(verbosity=2)
