"""Free time per region on Today's page (spec D22, F-13 to F-16): each region card says its planned and
free time as `charflow today` does, lists the day's events and anchors in time order, marks them on a
quiet line of the region's hours, and a region planned past its free time shows the calm notice; at
1280 and 375 px, light and dark, with no axe violation.
"""

import os
import subprocess
import unittest

from selenium.webdriver.common.by import By

from browser_support import BINARY, NOW, BrowserTestCase, wait

EARLIER = "2026-11-23T08:00"

# Two events on the tests' Monday: a busy one in the afternoon and a transparent one in the evening.
CALENDAR = "\r\n".join([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Charflow tests//EN",
    "BEGIN:VEVENT", "UID:dentist@example.org", "DTSTAMP:20261101T000000Z",
    "DTSTART:20261130T140000Z", "DTEND:20261130T150000Z", "SUMMARY:Dentist", "END:VEVENT",
    "BEGIN:VEVENT", "UID:radio@example.org", "DTSTAMP:20261101T000000Z", "TRANSP:TRANSPARENT",
    "DTSTART:20261130T190000Z", "DTEND:20261130T200000Z", "SUMMARY:Radio play", "END:VEVENT",
    "BEGIN:VEVENT", "UID:review@example.org", "DTSTAMP:20261101T000000Z",
    "DTSTART:20261130T120000Z", "DTEND:20261130T123000Z", "SUMMARY:Review", "END:VEVENT",
    "END:VCALENDAR", ""])


class FreeTimeTests(BrowserTestCase):
    """Today's regions against their fixed points (F-13, F-14, F-16)."""

    def setUp(self):
        super().setUp()
        s = self.store
        path = os.path.join(s.folder, "personal.ics")
        with open(path, "w", encoding="utf-8") as file:
            file.write(CALENDAR)
        s.cli("anchor", "add", "Standup", "--at", "09:30", "--for", "15m", "--weekdays", now=EARLIER)
        s.cli("anchor", "add", "Lunch walk", "--at", "12:45", "--for", "30m", now=EARLIER)
        s.cli("calendar", "add", "Personal", path, now=EARLIER)
        s.cli("add", "Write the report", "--region", "afternoon", "--bucket", "must", "--effort", "240")
        s.cli("add", "Read the draft", "--region", "afternoon", "--effort", "60")
        s.cli("add", "Plan the week", "--region", "morning", "--bucket", "must", "--effort", "45")

    def command_line_today(self):
        """`charflow today` as text, the region lines the page must say the same as."""
        done = subprocess.run([BINARY, "today", "--now", NOW], env=self.store.env, capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        return [line.strip() for line in done.stdout.splitlines()]

    def text(self, element_id):
        return self.driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText.trim() : null;",
                                          element_id)

    def point_lines(self, region):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#points-' + arguments[0] + ' li')].map(li => li.innerText.trim());", region)

    def check_regions(self):
        today = self.store.cli("today")
        lines = self.command_line_today()
        for key, region in today["regions"].items():
            planned = self.text("planned-" + key)
            self.assertIsNotNone(planned, f"{key} shows no planned line")
            self.assertIn(planned, lines, f"{key}: the page says {planned!r}, the command line does not")
            self.assertIn("planned", planned)
            self.assertIn("free", planned)
        # The afternoon: Review 12:00, the anchor 12:45, Dentist 14:00, in time order with their times.
        afternoon = self.point_lines("afternoon")
        self.assertEqual([line[:11] for line in afternoon], ["12:00–12:30", "12:45–13:15", "14:00–15:00"], afternoon)
        self.assertIn("Review", afternoon[0])
        self.assertIn("Lunch walk", afternoon[1])
        self.assertIn("Dentist", afternoon[2])
        morning = self.point_lines("morning")
        self.assertEqual(len(morning), 1, morning)
        self.assertTrue(morning[0].startswith("09:30–09:45") and "Standup" in morning[0], morning)
        # A transparent event is listed but takes no time: it is drawn as not busy.
        evening = self.driver.execute_script(
            "return [...document.querySelectorAll('#points-evening li')].map(li => [li.innerText.trim(), li.className]);")
        self.assertEqual(len(evening), 1, evening)
        self.assertIn("Radio play", evening[0][0])
        self.assertIn("not-busy", evening[0][1])
        # The quiet line of the afternoon's hours marks its three busy stretches.
        marks = self.driver.execute_script("return document.querySelectorAll('#region-afternoon .timeline span').length")
        self.assertEqual(marks, 3)
        return today

    def test_F13_F14_F16_each_region_says_planned_and_free_and_lists_its_events_and_anchors_in_time_order(self):
        today = self.store.cli("today")
        # 12:00–17:00 less Review (30), the walk (30) and Dentist (60): 3 h 0 free against 5 h planned.
        self.assertEqual(today["regions"]["afternoon"]["freeMinutes"], 180)
        self.assertEqual(today["regions"]["afternoon"]["plannedMinutes"], 300)
        # 06:00–12:00 less the standup: 5 h 45 free.
        self.assertEqual(today["regions"]["morning"]["freeMinutes"], 345)
        self.open_page()
        self.check_regions()
        self.check_both_themes("Today with free time", "free-time-1280")

    def test_F14_a_region_planned_past_its_free_time_shows_the_calm_notice_never_a_block(self):
        today = self.store.cli("today")
        over = [signal for signal in today["signals"] if signal.get("region") == "afternoon"]
        self.assertEqual(len(over), 1, today["signals"])
        d = self.open_page()
        wait(d, lambda d: over[0]["message"] in (self.text("notice-list") or ""),
             message="the afternoon's notice never showed")
        # Never a block: another task still goes into the afternoon.
        self.store.cli("add", "One more thing", "--region", "afternoon", "--effort", "30")
        self.assertEqual(self.store.cli("today")["regions"]["afternoon"]["plannedMinutes"], 330)

    def test_F4_an_anchor_on_today_is_marked_attended_or_missed_on_its_line_and_undone(self):
        d = self.open_page()
        standup = [a for a in self.store.cli("anchors")["anchors"] if a["title"] == "Standup"][0]["id"]
        attend, miss = "today-attend-" + standup, "today-miss-" + standup
        wait(d, lambda d: d.find_elements(By.ID, attend), message="Today shows no Attended for the standup")
        self.assertEqual(d.find_element(By.ID, attend).get_attribute("aria-pressed"), "false")
        self.assertEqual(d.find_element(By.ID, attend).get_attribute("aria-label"), "Attended: Standup, today")
        d.find_element(By.ID, attend).click()
        wait(d, lambda d: d.find_element(By.ID, attend).get_attribute("aria-pressed") == "true",
             message="Attended never showed as held")
        grid = self.store.cli("anchor", "grid", standup, "--weeks", "1")
        self.assertEqual(grid["days"][-1]["state"], "attended")
        self.assertEqual(d.find_element(By.ID, miss).get_attribute("aria-pressed"), "false")
        # Missed replaces the mark; the toast's undo takes it back to Attended.
        d.find_element(By.ID, miss).click()
        wait(d, lambda d: d.find_element(By.ID, miss).get_attribute("aria-pressed") == "true")
        self.assertEqual(self.store.cli("anchor", "grid", standup, "--weeks", "1")["days"][-1]["state"], "missed")
        d.find_element(By.ID, "toast-undo").click()
        wait(d, lambda d: d.find_element(By.ID, attend).get_attribute("aria-pressed") == "true",
             message="undo did not bring Attended back")
        self.assertEqual(self.store.cli("anchor", "grid", standup, "--weeks", "1")["days"][-1]["state"], "attended")
        self.check_both_themes("Today with a marked anchor", "free-time-marked")

    def test_F16_at_375_px_the_cards_keep_their_free_time_and_fixed_points_with_no_sideways_scroll(self):
        self.open_page(width=375, height=812)
        self.viewport(375, 812)
        self.check_regions()
        self.assert_no_horizontal_scroll("Today at 375 px")
        self.check_both_themes("Today with free time at 375 px", "free-time-375")


if __name__ == "__main__":
    unittest.main()
