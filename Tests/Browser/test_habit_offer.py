"""A detected habit's offer on Today's page (R-6): the server's sentence in a small card with Make it a habit,
Not now and Never, recorded as shown once drawn, operable by keyboard, and clean for axe in light and dark."""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, focused, wait


class HabitOfferTests(BrowserTestCase):
    def done_on(self, title, day):
        task = self.store.cli("add", title, now=f"{day}T08:00")["id"]
        self.store.cli("done", task, now=f"{day}T08:30")

    def press(self, key):
        ActionChains(self.driver).send_keys(key).perform()

    def offer_made(self):
        """Stretch done every other day up to today (Monday 30 November): one offer stands."""
        for day in ("2026-11-26", "2026-11-28", "2026-11-30"):
            self.done_on("Stretch", day)
        offers = self.store.cli("habit", "offers")["offers"]
        self.assertEqual([(o["title"], o["cadence"], o["shown"]) for o in offers], [("Stretch", "every 2 days", False)])
        return offers[0]

    def card_text(self, d):
        cards = d.find_elements(By.CSS_SELECTOR, "#habit-offers .habit-offer p")
        return [card.text for card in cards]

    def test_R6_the_offer_shows_as_a_card_is_recorded_shown_and_passes_axe_at_1280_and_375(self):
        offer = self.offer_made()
        d = self.open_page()
        wait(d, lambda d: self.card_text(d) == [offer["message"]], message="no offer card")
        # Drawn, so recorded as shown: Today's line is not printed again, and the offer stands for the day.
        wait(d, lambda d: self.store.cli("today")["habitOffers"][0]["shown"] is True, message="the offer was not recorded")
        self.check_both_themes("Today's habit offer at 1280", "today-habit-offer-1280")
        self.viewport(375, 812)
        wait(d, lambda d: d.find_element(By.ID, "habit-offers").is_displayed())
        self.assert_no_horizontal_scroll("Today's habit offer at 375")
        self.check_both_themes("Today's habit offer at 375", "today-habit-offer-375")

    def test_R6_the_keyboard_adopts_the_offer_and_the_habit_has_its_days(self):
        offer = self.offer_made()
        d = self.open_page()
        wait(d, lambda d: self.card_text(d) == [offer["message"]], message="no offer card")
        adopt = f"habit-offers-{offer['id'][:8]}-adopt"
        d.execute_script("document.getElementById('day').closest('h1').setAttribute('tabindex', '-1');"
                         "document.getElementById('day').closest('h1').focus()")
        for _ in range(60):
            if focused(d, "id") == adopt:
                break
            self.press(Keys.TAB)
        self.assertEqual(focused(d, "id"), adopt, "Tab does not reach Make it a habit")
        self.assertEqual(focused(d, "aria-label"), "Make “Stretch” a habit")
        self.press(Keys.ENTER)
        wait(d, lambda d: [h["title"] for h in self.store.cli("habits")["habits"]] == ["Stretch"], message="no habit made")
        wait(d, lambda d: not d.find_elements(By.ID, "habit-offers"), message="the card stayed")
        self.assertEqual(d.switch_to.active_element.tag_name, "h1", "focus went nowhere")
        habit = self.store.cli("habits")["habits"][0]
        self.assertEqual((habit["kind"], habit["targetPerWeek"]), ("binary", 3))
        grid = self.store.cli("habit", "grid", habit["id"])
        states = {day["date"]: day["state"] for day in grid["days"]}
        self.assertEqual([states.get(day) for day in ("2026-11-26", "2026-11-28", "2026-11-30")], ["complete"] * 3)

    def test_R6_never_declines_and_not_now_puts_the_card_away(self):
        self.offer_made()
        for day in ("2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"):
            self.done_on("Read", day)
        offers = {o["title"]: o for o in self.store.cli("habit", "offers")["offers"]}
        d = self.open_page()
        wait(d, lambda d: len(self.card_text(d)) == 2, message="two cards expected")
        d.find_element(By.ID, f"habit-offers-{offers['Read']['id'][:8]}-decline").click()
        wait(d, lambda d: self.card_text(d) == [offers["Stretch"]["message"]], message="the declined card stayed")
        self.assertEqual([o["title"] for o in self.store.cli("today")["habitOffers"]], ["Stretch"])
        d.find_element(By.ID, f"habit-offers-{offers['Stretch']['id'][:8]}-later").click()
        wait(d, lambda d: not d.find_elements(By.ID, "habit-offers"), message="Not now left the card")
        self.assertEqual(self.store.cli("habits")["habits"], [])
        # Made once: the next day neither is offered.
        self.assertEqual(self.store.cli("today", now="2026-12-01T09:00").get("habitOffers", []), [])

    def test_R6_night_planning_shows_the_same_offer_and_never_declines_it(self):
        offer = self.offer_made()
        d = self.open_page(fragment="#night")
        card = f"night-habit-offers-{offer['id'][:8]}"
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, f"#{card} p").text == offer["message"], message="no offer in the review")
        self.assert_no_axe_violations("night planning with a habit offer")
        d.find_element(By.ID, card + "-decline").click()
        wait(d, lambda d: not d.find_elements(By.ID, "night-habit-offers"), message="the declined card stayed")
        self.assertEqual(self.store.cli("plan", "review").get("habitOffers", []), [])
        self.assertEqual(self.store.cli("today").get("habitOffers", []), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
