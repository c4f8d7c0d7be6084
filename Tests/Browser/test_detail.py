"""The task detail and the defer sheet in a real browser (W-11, with W-15, W-17, W-18, W-19): every change
made in the page is checked in the store through `charflow show ID --json`.
"""

import unittest

from selenium.common.exceptions import ElementNotInteractableException
from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, axe_violations, by_label, click, theme, wait, focused

NOTES = ("Bring **passport** and *tickets* for `ref-42`.\n"
         "Second line of the same paragraph.\n"
         "\n"
         "- [ ] Print boarding pass\n"
         "- [x] Pack bag\n"
         "\n"
         "- plain point\n"
         "See [the airline](https://example.com/check-in) <img src=x id=injected>")


def press(driver, label):
    """Clicks the control named `label` once the screen has drawn it."""
    wait(driver, lambda d: by_label(d, label) is not None, message=f"no control named {label}")
    click(driver, label)


class DetailTests(BrowserTestCase):
    """The task detail at #task/ID and its defer sheet."""

    def add_trip(self):
        return self.store.cli("add", "Plan the trip", "--region", "morning", "--bucket", "must", "--category", "Work",
                              "--notes", NOTES)["id"]

    def slipped(self, title, times, *extra):
        """A task due today that was deferred `times` times, once on each of the days before (T-22 allows one a day)."""
        first = 30 - times
        task = self.store.cli("add", title, "--due", "today", *extra, now=f"2026-11-{first:02d}T09:00")["id"]
        for day in range(first, 30):
            self.store.cli("defer", task, "--to", "tomorrow", now=f"2026-11-{day:02d}T09:00")
        shown = self.store.cli("show", task)
        self.assertEqual((shown["deferralCount"], shown["dueDate"]), (times, "2026-11-30"))
        return task

    def open_detail(self, task_id):
        d = self.driver
        title = self.store.cli("show", task_id)["title"]
        d.execute_script("location.hash = arguments[0]", "#task/" + task_id)
        # The task's own heading, not the one of the task shown before (on a loaded machine the hash
        # changes a moment before the new detail is drawn).
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed()
             and [h.text for h in d.find_elements(By.CSS_SELECTOR, "#detail-body h1")] == [title], message="the detail never showed")
        return d

    def follow_link(self, text):
        """Clicks the shown link `text` once the screen has drawn it."""
        def follow(d):
            shown = [a for a in d.find_elements(By.LINK_TEXT, text) if a.is_displayed()]
            return bool(shown) and (shown[0].click() or True)
        wait(self.driver, follow, message=f"no link {text}")

    def heading(self):
        """The detail's heading as it reads now: the detail is drawn anew on every change, so it is read
        inside a wait that finds it again when a redraw took the one just found."""
        return wait(self.driver, lambda d: d.find_element(By.CSS_SELECTOR, "#detail-body h1").text,
                    message="no heading on the detail")

    def test_W11_every_task_title_opens_its_detail_from_Today_Region_focus_and_the_Backlog(self):
        trip = self.add_trip()
        self.store.cli("add", "Sort the loft")
        d = self.open_page()
        # Today: the title is a link; the checkbox beside it still completes.
        self.assertIsNotNone(by_label(d, "Complete Plan the trip"))
        wait(d, lambda d: d.find_element(By.LINK_TEXT, "Plan the trip").click() or True)
        wait(d, lambda d: self.heading() == "Plan the trip")
        self.assertTrue(d.current_url.endswith("#task/" + trip))
        self.assertEqual(d.title, "Charflow · Plan the trip")
        self.assertFalse(self.store.cli("show", trip)["isCompleted"], "opening the detail completed the task")
        # Region focus.
        d.execute_script("location.hash = '#region/morning'")
        wait(d, lambda d: d.find_element(By.ID, "view-region").is_displayed())
        self.follow_link("Plan the trip")
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed() and self.heading() == "Plan the trip")
        # The Backlog.
        d.execute_script("location.hash = '#backlog'")
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed())
        self.follow_link("Sort the loft")
        wait(d, lambda d: d.find_element(By.ID, "view-task").is_displayed() and self.heading() == "Sort the loft")

    def test_W11_T33_notes_render_as_safe_markdown_and_a_checklist_tick_reaches_the_store(self):
        trip = self.add_trip()
        d = self.open_page()
        self.open_detail(trip)
        notes = d.find_element(By.CSS_SELECTOR, "#detail-body .notes")
        self.assertEqual(notes.find_element(By.TAG_NAME, "strong").text, "passport")
        self.assertEqual(notes.find_element(By.TAG_NAME, "em").text, "tickets")
        self.assertEqual(notes.find_element(By.TAG_NAME, "code").text, "ref-42")
        self.assertNotIn("**", notes.text)
        self.assertIn("Second line of the same paragraph.", notes.text)
        self.assertEqual([li.text for li in notes.find_elements(By.CSS_SELECTOR, "ul:not(.checklist) li")], ["plain point"])
        link = notes.find_element(By.LINK_TEXT, "the airline")
        self.assertEqual(link.get_attribute("href"), "https://example.com/check-in")
        self.assertIn("(https://example.com/check-in)", notes.text)
        # User text is text: the tag shows as written and no element was made from it.
        self.assertIn("<img src=x id=injected>", notes.text)
        self.assertEqual(d.find_elements(By.ID, "injected"), [])
        # The checklist items are real checkboxes named "Check <item>".
        box = by_label(d, "Check Print boarding pass")
        self.assertEqual(box.get_attribute("type"), "checkbox")
        self.assertFalse(box.is_selected())
        self.assertTrue(by_label(d, "Check Pack bag").is_selected())
        press(d, "Check Print boarding pass")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Ticked “Print boarding pass”."))
        shown = self.store.cli("show", trip)
        self.assertIn("- [x] Print boarding pass", shown["notes"])
        self.assertEqual([(i["text"], i["isChecked"]) for i in shown["checklist"]],
                         [("Print boarding pass", True), ("Pack bag", True)])
        wait(d, lambda d: by_label(d, "Check Print boarding pass").is_selected())
        wait(d, lambda d: focused(d, "aria-label") == "Check Print boarding pass", message="focus is not on " + "Check Print boarding pass")
        # Undo from the toast unticks it in the store (W-15).
        press(d, "Undo: Ticked “Print boarding pass”.")
        wait(d, lambda d: "- [ ] Print boarding pass" in self.store.cli("show", trip)["notes"], message="undo did not reach the store")

    def type_into(self, element_id, text):
        def typed(d):
            try:
                field = d.find_element(By.ID, element_id)
                d.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
                field.clear()
                field.send_keys(text)
            except ElementNotInteractableException:
                return False  # drawn again under the cursor: try once more
            return d.find_element(By.ID, element_id).get_attribute("value") == text
        wait(self.driver, typed, message=f"could not type into {element_id}")

    def choose(self, group, label):
        d = self.driver
        def press(d):
            button = [b for b in d.find_elements(By.CSS_SELECTOR, f"#detail-{group} button") if b.text.endswith(label)][0]
            # Centred, so the toast at the bottom does not cover it.
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            return True
        wait(d, press, message=f"no {label} in {group}")

    def pressed(self, group):
        buttons = self.driver.find_elements(By.CSS_SELECTOR, f"#detail-{group} button[aria-pressed=true]")
        return [b.text for b in buttons]

    def test_W11_W15_each_field_edit_is_one_call_with_an_undo_toast_and_shows_in_the_store(self):
        trip = self.add_trip()
        d = self.open_page()
        self.open_detail(trip)
        show = lambda: self.store.cli("show", trip)
        # Title.
        self.type_into("detail-title-input", "Plan the autumn trip")
        press(d, "Save title")
        wait(d, lambda d: show()["title"] == "Plan the autumn trip", message="title")
        wait(d, lambda d: self.heading() == "Plan the autumn trip")
        self.assertIn("Changed the title of “Plan the autumn trip”.", d.find_element(By.ID, "toast").text)
        # Importance, effort, repeat, category: the pressed button follows the store.
        self.choose("importance", "High")
        wait(d, lambda d: show()["importance"] == "high", message="importance")
        wait(d, lambda d: self.pressed("importance") == ["✓ High"] or self.pressed("importance") == ["High"])
        self.choose("effort", "2 h")
        wait(d, lambda d: show()["effortMinutes"] == 120, message="effort")
        self.choose("effort", "None")
        wait(d, lambda d: show()["effortMinutes"] is None, message="effort none")
        self.choose("repeat", "Weekly")
        wait(d, lambda d: show()["repeatKind"] == "weekly", message="repeat")
        self.choose("category", "Family")
        wait(d, lambda d: show()["category"] == "Family", message="category")
        # The category is named in words beside its colour.
        wait(d, lambda d: "Category: Family" in d.find_element(By.CSS_SELECTOR, "#detail-body .facts").text)
        self.choose("category", "No category")
        wait(d, lambda d: show()["category"] is None, message="no category")
        # Quick dates: the CLI's date words.
        self.choose("due", "Tomorrow")
        wait(d, lambda d: show()["dueDate"] == "2026-12-01", message="due tomorrow")
        self.choose("due", "Next week")
        wait(d, lambda d: show()["dueDate"] == "2026-12-07", message="due next week")
        # Someday is hidden for an important or repeating task (T-25).
        wait(d, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#detail-due button")]
             == ["Today", "Tomorrow", "Later this week", "Next week"], message="Someday still offered")
        # Notes, edited as text.
        wait(d, lambda d: d.find_element(By.ID, "detail-notes-edit").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "detail-notes-input"))
        self.type_into("detail-notes-input", "- [ ] Book the ferry")
        wait(d, lambda d: d.find_element(By.ID, "detail-notes-save").click() or True)
        wait(d, lambda d: show()["notes"] == "- [ ] Book the ferry", message="notes")
        wait(d, lambda d: by_label(d, "Check Book the ferry") is not None)
        # Undo from the toast puts the notes back.
        press(d, "Undo: Changed the notes of “Plan the autumn trip”.")
        wait(d, lambda d: show()["notes"] == NOTES, message="undo of the notes")

    def defer_in_sheet(self, task_id, to_label, reason=None):
        d = self.driver
        press(d, "Defer " + self.heading())
        wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
        wait(d, lambda d: focused(d, "id") == "defer-sheet-title", message="focus is not on " + "defer-sheet-title")
        chips = [c for c in d.find_elements(By.CSS_SELECTOR, "#defer-reasons button") if c.is_displayed()]
        if reason:
            [c for c in chips if c.text.endswith(reason)][0].click()
        wait(d, lambda d: d.find_element(By.XPATH, f"//dialog[@id='defer-sheet']//button[normalize-space()='{to_label}']").click() or True)
        wait(d, lambda d: not d.find_element(By.ID, "defer-sheet").is_displayed())
        return chips

    def test_W11_T20_the_defer_sheet_offers_reason_chips_only_from_the_third_deferral(self):
        slipping = self.slipped("Renew passport", 2)
        fresh = self.store.cli("add", "Call the garage", "--due", "today")["id"]
        d = self.open_page()
        # A first deferral: quick dates, no chips, no "keeps slipping".
        self.open_detail(fresh)
        chips = self.defer_in_sheet(fresh, "Tomorrow")
        self.assertEqual(chips, [])
        wait(d, lambda d: self.store.cli("show", fresh)["deferralCount"] == 1)
        self.assertEqual(self.store.cli("show", fresh)["dueDate"], "2026-12-01")
        # Focus came back to the button that opened the sheet.
        wait(d, lambda d: focused(d, "id") == "detail-defer")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Deferred “Call the garage” to Tue 1 Dec."))
        # The third: the sheet says it keeps slipping and offers the reason chips.
        self.open_detail(slipping)
        press(d, "Defer Renew passport")
        wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
        self.assertIn("This one keeps slipping. Pick a day that actually works", d.find_element(By.ID, "defer-slipping").text)
        self.assertEqual([c.text for c in d.find_elements(By.CSS_SELECTOR, "#defer-reasons button")],
                         ["Too much on", "Not ready", "No longer matters"])
        wait(d, lambda d: d.find_element(By.ID, "defer-cancel").click() or True)
        wait(d, lambda d: not d.find_element(By.ID, "defer-sheet").is_displayed())
        self.assertEqual(self.store.cli("show", slipping)["deferralCount"], 2, "cancel changed the store")
        self.defer_in_sheet(slipping, "Next week", reason="Not ready")
        wait(d, lambda d: self.store.cli("show", slipping)["deferralCount"] == 3)
        shown = self.store.cli("show", slipping)
        self.assertEqual(shown["dueDate"], "2026-12-07")
        self.assertEqual(shown["deferrals"][-1]["reason"], "notReady")
        # The history lists all three, with the reason in words.
        wait(d, lambda d: "not ready" in d.find_element(By.CSS_SELECTOR, "#detail-body .history").text)
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#detail-body .history li")), 3)
        # No removal suggestion before the fifth.
        self.assertEqual(d.find_elements(By.ID, "detail-suggestion"), [])

    def test_W11_T13_a_third_deferral_of_an_important_task_eases_it_to_low_and_says_so(self):
        bank = self.slipped("Call the bank", 2, "--importance", "medium")
        d = self.open_page()
        self.open_detail(bank)
        self.defer_in_sheet(bank, "Next week", reason="Not ready")
        eased = wait(d, lambda d: d.find_element(By.ID, "detail-eased"))
        self.assertEqual(eased.text, "This one keeps slipping, so I've eased it to low. Raise it again when it's real.")
        shown = self.store.cli("show", bank)
        self.assertEqual((shown["importance"], shown["deferralCount"]), ("low", 3))
        wait(d, lambda d: [b.get_attribute("id") for b in d.find_elements(By.CSS_SELECTOR, "#detail-importance [aria-pressed=true]")]
             == ["detail-importance-low"])

    def test_W22_T13_the_easing_of_a_third_deferral_is_in_the_visible_toast_said_once(self):
        bank = self.slipped("Call the bank", 2, "--importance", "medium")
        d = self.open_page()
        self.open_detail(bank)
        self.defer_in_sheet(bank, "Next week", reason="Not ready")
        toast = lambda d: d.find_element(By.ID, "toast").text
        wait(d, lambda d: toast(d).startswith("Deferred “Call the bank” to Mon 7 Dec. This one keeps slipping, so I've eased it to low."),
             message="the toast does not say the easing")
        # The toast is the polite status; the second live region does not say it again.
        self.assertEqual(d.find_element(By.ID, "toast").get_attribute("role"), "status")
        self.assertEqual(d.find_element(By.ID, "announce").get_attribute("textContent"), "")

    def test_W11_W13_the_detail_completes_its_task_as_its_primary_action_and_Begin_focus_on_the_running_task_offers_Finish(self):
        trip = self.add_trip()
        d = self.open_page()
        self.open_detail(trip)
        primary = d.find_element(By.CSS_SELECTOR, "#detail-body .actions button")
        self.assertEqual((primary.get_attribute("id"), primary.text), ("detail-complete", "Complete"))
        self.assertNotIn("ghost", primary.get_attribute("class"))
        self.assertIn("ghost", d.find_element(By.ID, "detail-defer").get_attribute("class"))
        # Begin focus on it, come back, and Begin focus again: no "Done, then begin", the session's Finish.
        press(d, "Begin focus on Plan the trip")
        wait(d, lambda d: d.find_elements(By.ID, "focus-done"))
        self.open_detail(trip)
        press(d, "Begin focus on Plan the trip")
        wait(d, lambda d: focused(d, "id") == "focus-done", message="Finish was not offered")
        self.assertEqual(d.find_elements(By.ID, "focus-settle-done"), [])
        wait(d, lambda d: "is the task in focus now" in d.find_element(By.ID, "toast").text)
        # Another task's Begin while it runs offers the settle choices; Esc closes them.
        other = self.store.cli("add", "Email Sam", "--region", "afternoon")["id"]
        self.open_detail(other)
        press(d, "Begin focus on Email Sam")
        wait(d, lambda d: d.find_elements(By.ID, "focus-settle-done"))
        d.find_element(By.ID, "focus-settle-done").send_keys("\ue00c")
        wait(d, lambda d: not d.find_elements(By.ID, "focus-refused"), message="Esc left the settle choices open")
        # Complete from the detail: one call, the undo toast, the store done; the button then reopens.
        self.open_detail(trip)
        press(d, "Complete Plan the trip")
        wait(d, lambda d: self.store.cli("show", trip)["isCompleted"], message="not completed in the store")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Completed “Plan the trip”."))
        wait(d, lambda d: d.find_element(By.ID, "detail-complete").text == "Reopen")
        self.assertEqual(focused(d, "id"), "detail-complete")

    def test_W11_T21_the_fifth_deferral_suggests_removal_with_its_actions(self):
        worn = self.slipped("Clear the garage", 4)
        kept = self.slipped("Mend the fence", 4)
        d = self.open_page()
        self.open_detail(kept)
        self.defer_in_sheet(kept, "Next week")
        wait(d, lambda d: d.find_elements(By.ID, "detail-suggestion"))
        # "Keep it" only closes the suggestion.
        wait(d, lambda d: d.find_element(By.ID, "detail-suggestion-keep").click() or True)
        wait(d, lambda d: d.find_elements(By.ID, "detail-suggestion") == [])
        self.assertIsNone(self.store.cli("show", kept)["droppedAt"])
        self.assertEqual(self.store.cli("show", kept)["deferralCount"], 5)
        self.open_detail(worn)
        self.defer_in_sheet(worn, "Later this week", reason="Too much on")
        suggestion = wait(d, lambda d: d.find_element(By.ID, "detail-suggestion"))
        self.assertEqual(suggestion.find_element(By.TAG_NAME, "p").text,
                         "“Clear the garage” has moved five times or more. If it no longer matters, it can go.")
        wait(d, lambda d: focused(d, "id") == "detail-suggestion", message="focus is not on " + "detail-suggestion")
        shown = self.store.cli("show", worn)
        self.assertEqual((shown["deferralCount"], shown["dueDate"], shown["deferrals"][-1]["reason"]), (5, "2026-12-03", "tooMuch"))
        # Deleting from it drops the task, with undo (W-15).
        wait(d, lambda d: d.find_element(By.ID, "detail-suggestion-delete").click() or True)
        wait(d, lambda d: self.store.cli("show", worn)["droppedAt"] is not None, message="delete did not reach the store")
        press(d, "Undo: Deleted “Clear the garage”.")
        wait(d, lambda d: self.store.cli("show", worn)["droppedAt"] is None, message="undo of the delete")

    def test_W11_T20_Region_focus_defers_a_third_time_through_the_detail_sheet_with_a_reason(self):
        water = self.slipped("Water plants", 2)
        self.store.cli("move", water, "--region", "morning")
        d = self.open_page(fragment="#region/morning")
        wait(d, lambda d: d.find_element(By.ID, "view-region").is_displayed())
        self.assertIsNotNone(wait(d, lambda d: by_label(d, "Move to… Water plants")))
        press(d, "More actions for Water plants")
        # No instant quick dates for a third deferral (T-20): "Defer…" opens the sheet with the chips.
        wait(d, lambda d: by_label(d, "Defer Water plants") is not None)
        self.assertIsNone(by_label(d, "Defer Water plants to tomorrow"))
        press(d, "Defer Water plants")
        wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
        self.assertTrue(d.find_element(By.ID, "defer-slipping").is_displayed())
        self.assertEqual(axe_violations(d), [])
        self.screenshot("region-defer-sheet-light")
        wait(d, lambda d: d.find_element(By.ID, "defer-reason-too-much").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "defer-to-next-week").click() or True)
        wait(d, lambda d: self.store.cli("show", water)["deferralCount"] == 3, message="the defer did not reach the store")
        shown = self.store.cli("show", water)
        self.assertEqual((shown["dueDate"], shown["deferrals"][-1]["reason"]), ("2026-12-07", "tooMuch"))
        wait(d, lambda d: by_label(d, "Complete Water plants") is None, message="the deferred task is still on today's board")

    def test_W17_W18_W19_zero_axe_violations_on_the_detail_and_the_sheet_in_light_and_dark_with_screenshots(self):
        slipping = self.slipped("Renew passport", 2, "--category", "Family", "--notes", NOTES)
        d = self.open_page()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            self.open_detail(slipping)
            wait(d, lambda d: by_label(d, "Check Print boarding pass") is not None)
            self.assertEqual(axe_violations(d), [], scheme)
            self.screenshot(f"detail-{scheme}")
            d.execute_script("document.getElementById('detail-fields-title').scrollIntoView()")
            self.screenshot(f"detail-fields-{scheme}")
            press(d, "Defer Renew passport")
            wait(d, lambda d: d.find_element(By.ID, "defer-sheet").is_displayed())
            self.assertEqual(axe_violations(d), [], scheme + " with the defer sheet")
            self.screenshot(f"detail-sheet-{scheme}")
            wait(d, lambda d: d.find_element(By.ID, "defer-cancel").click() or True)
        self.viewport()
        d.refresh()
        self.open_detail(slipping)
        wait(d, lambda d: by_label(d, "Check Print boarding pass") is not None)
        self.assert_no_horizontal_scroll("at 320 px")
        self.screenshot("detail-320-dark")


if __name__ == "__main__":
    unittest.main(verbosity=2)
