"""Settings, Privacy and Erase in a real browser (W-17, W-18, W-19 and cli.md's settings, privacy and erase
contract): a setting changed in the page is read back with `charflow settings --json`; Erase happens only
after its confirm step.
"""

import json
import os
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, axe_violations, by_label, click, theme, wait, focused


def press(driver, label):
    """Clicks the control named `label` once the screen has drawn it."""
    wait(driver, lambda d: by_label(d, label) is not None, message=f"no control named {label}")
    click(driver, label)


class SettingsTests(BrowserTestCase):
    """#settings: every setting the CLI lists, the privacy statement, Erase behind a confirm step."""

    def open_settings(self):
        d = self.open_page(fragment="#settings")
        wait(d, lambda d: d.find_element(By.ID, "view-settings").is_displayed() and d.find_elements(By.ID, "setting-end-of-day"),
             message="the settings never showed")
        return d

    def test_settings_lists_every_setting_and_a_change_shows_in_charflow_settings_json(self):
        d = self.open_settings()
        self.assertEqual(d.title, "Charflow · Settings")
        cli = self.store.cli("settings")
        for key, value in cli.items():
            if key == "color":
                continue
            self.assertEqual(d.find_element(By.ID, "setting-" + key).get_attribute("value"), value, key)
        # A time, a weekday and a switch, changed together and saved with the one Save.
        field = d.find_element(By.ID, "setting-rollover-time")
        field.clear()
        field.send_keys("03:30")
        Select(d.find_element(By.ID, "setting-first-weekday")).select_by_visible_text("Sunday")
        Select(d.find_element(By.ID, "setting-lock-complementary")).select_by_visible_text("On")
        d.find_element(By.ID, "settings-save").click()
        wait(d, lambda d: self.store.cli("settings")["rollover-time"] == "03:30", message="rollover-time")
        wait(d, lambda d: self.store.cli("settings")["first-weekday"] == "sunday", message="first-weekday")
        wait(d, lambda d: self.store.cli("settings")["lock-complementary"] == "on", message="lock-complementary")
        wait(d, lambda d: all(sentence in d.find_element(By.ID, "toast").text for sentence in (
            "Day rollover time is now 03:30.", "First day of the week is now sunday.",
            "Lock Complementary until the Must-Do is done is now on.")), message=d.find_element(By.ID, "toast").text)
        # Its undo takes back all three.
        d.find_element(By.ID, "toast-undo").click()
        wait(d, lambda d: self.store.cli("settings") == cli, message="the undo left a setting changed")
        # A bad value is refused in words beside its field, and nothing changes.
        field = d.find_element(By.ID, "setting-end-of-day")
        field.clear()
        field.send_keys("25:00")
        d.find_element(By.ID, "settings-save").click()
        wait(d, lambda d: "expected HH:MM" in d.find_element(By.ID, "setting-problem-end-of-day").text)
        self.assertEqual(self.store.cli("settings")["end-of-day"], cli["end-of-day"])

    def test_item_12_one_save_no_terminal_colour_and_an_old_error_goes_once_the_field_is_fixed(self):
        d = self.open_settings()
        # Read in one go, again if a redraw replaced the categories' buttons in between.
        saves = wait(d, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#view-settings button[type=submit]")
                                   if b.find_elements(By.XPATH, "ancestor::section[@id='settings-list']")])
        self.assertEqual(saves, ["Save settings"])
        self.assertEqual(d.find_elements(By.ID, "setting-color"), [])
        self.assertNotIn("Colour in the terminal", d.find_element(By.ID, "view-settings").text)
        field = d.find_element(By.ID, "setting-end-of-day")
        field.clear()
        field.send_keys("25:00")
        d.find_element(By.ID, "settings-save").click()
        problem = d.find_element(By.ID, "setting-problem-end-of-day")
        wait(d, lambda d: "expected HH:MM" in problem.text)
        # Focus goes to the refused field, which says it is refused and why.
        wait(d, lambda d: focused(d, "id") == "setting-end-of-day")
        self.assertEqual(field.get_attribute("aria-invalid"), "true")
        self.assertIn("setting-problem-end-of-day", field.get_attribute("aria-describedby"))
        field.clear()
        field.send_keys("18:30")
        d.find_element(By.ID, "settings-save").click()
        wait(d, lambda d: self.store.cli("settings")["end-of-day"] == "18:30", message="end-of-day")
        wait(d, lambda d: d.find_element(By.ID, "setting-problem-end-of-day").text == "", message="the old error stayed")
        self.assertIsNone(d.find_element(By.ID, "setting-end-of-day").get_attribute("aria-invalid"))
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("End of the working day is now 18:30."))
        # Saving with nothing changed writes nothing and says so.
        before = self.store.cli("settings")
        d.find_element(By.ID, "settings-save").click()
        wait(d, lambda d: "Nothing to save" in d.find_element(By.ID, "announce").get_attribute("textContent"))
        self.assertEqual(self.store.cli("settings"), before)

    def test_item_12_export_downloads_the_backup_and_erase_points_at_it(self):
        self.store.cli("add", "Sort the loft")
        d = self.open_settings()
        folder = tempfile.mkdtemp(prefix="charflow-download-")
        try:
            d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
            link = wait(d, lambda d: d.find_element(By.ID, "export-backup"))
            self.assertEqual(link.text, "Download a backup")
            first = wait(d, lambda d: d.find_element(By.ID, "erase-export"))
            self.assertEqual(first.get_attribute("href"), link.get_attribute("href"))
            self.assertIn("Export a backup first", first.text)
            link.click()
            path = os.path.join(folder, "charflow-backup-2026-11-30.json")
            wait(d, lambda d: os.path.exists(path) and not os.path.exists(path + ".crdownload"), seconds=10,
                 message=f"no backup downloaded: {os.listdir(folder)}")
            with open(path, encoding="utf-8") as backup:
                text = backup.read()
            json.loads(text)
            self.assertIn("Sort the loft", text)
            # The page is still the page: the download did not navigate away.
            self.assertTrue(d.find_element(By.ID, "view-settings").is_displayed())
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def test_privacy_shows_the_words_of_charflow_privacy_with_commands_as_code_not_backticks(self):
        d = self.open_settings()
        privacy = self.store.cli("privacy")
        wait(d, lambda d: d.find_element(By.ID, "privacy-text").text == privacy["message"].replace("`", ""))
        self.assertNotIn("`", d.find_element(By.ID, "view-settings").text)
        self.assertEqual([c.text for c in d.find_elements(By.CSS_SELECTOR, "#privacy-text code")],
                         ["charflow export", "charflow erase --yes"])
        self.assertIn(privacy["store"], d.find_element(By.ID, "view-settings").text)

    def test_erase_happens_only_after_the_confirm_step_that_names_what_is_lost(self):
        self.store.cli("add", "Finish project proposal", "--region", "morning", "--bucket", "must")
        self.store.cli("add", "Sort the loft")
        self.store.cli("habit", "add", "Stretch")
        d = self.open_settings()
        wait(d, lambda d: d.find_element(By.ID, "erase-open").click() or True)
        loses = wait(d, lambda d: d.find_element(By.ID, "erase-loses"))
        self.assertEqual(loses.text, "This removes every task (2), every habit (1), their history and every setting from this "
                                     "machine, for good. Undo cannot bring them back.")
        wait(d, lambda d: focused(d, "id") == "erase-confirm", message="focus is not on " + "erase-confirm")
        # Opening the step erased nothing; "Keep my data" closes it.
        self.assertEqual(len(self.store.cli("list", "--all")["tasks"]), 2)
        wait(d, lambda d: d.find_element(By.ID, "erase-keep").click() or True)
        wait(d, lambda d: d.find_elements(By.ID, "erase-confirm") == [])
        wait(d, lambda d: focused(d, "id") == "erase-open", message="focus is not on " + "erase-open")
        self.assertEqual(len(self.store.cli("list", "--all")["tasks"]), 2)
        self.assertEqual(len(self.store.cli("habits")["habits"]), 1)
        # Confirmed, everything goes.
        wait(d, lambda d: d.find_element(By.ID, "erase-open").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "erase-now").click() or True)
        wait(d, lambda d: d.find_element(By.ID, "toast").text == "Erased. Every task, habit and setting is gone.")
        self.assertEqual(self.store.cli("list", "--all")["tasks"], [])
        self.assertEqual(self.store.cli("habits")["habits"], [])
        # Today, drawn again, is empty.
        d.execute_script("location.hash = '#today'")
        wait(d, lambda d: d.find_element(By.ID, "overall").text == "Nothing planned today yet.")

    def test_W24_T6_a_categorys_colour_is_chosen_from_the_five_tokens_in_settings(self):
        self.store.cli("category", "add", "Garden", "--color", "accent")
        d = self.open_settings()
        picker = wait(d, lambda d: d.find_elements(By.ID, "category-color-Garden"))[0]
        self.assertEqual(picker.get_attribute("aria-label"), "Colour of Garden")
        self.assertEqual([o.get_attribute("value") for o in Select(picker).options], ["accent", "blue", "ochre", "plum", "slate"])
        self.assertEqual(Select(picker).first_selected_option.text, "Teal")
        Select(picker).select_by_visible_text("Plum")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Garden is Plum now."), message="no toast")
        garden = [c for c in self.store.cli("category", "list")["categories"] if c["name"] == "Garden"][0]
        self.assertEqual(garden["colorKey"], "plum")
        wait(d, lambda d: "cat-plum" in d.find_element(By.ID, "category-color-Garden").find_element(By.XPATH, "..").get_attribute("class"))
        self.assertEqual(focused(d, "id"), "category-color-Garden")

    def test_W17_W18_W19_zero_axe_violations_on_settings_in_light_and_dark_with_screenshots(self):
        self.store.cli("add", "Sort the loft")
        d = self.open_settings()
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            wait(d, lambda d: d.find_elements(By.ID, "setting-end-of-day"))
            self.assertEqual(axe_violations(d), [], scheme)
            self.screenshot(f"settings-{scheme}")
            wait(d, lambda d: d.find_element(By.ID, "erase-open").click() or True)
            wait(d, lambda d: d.find_elements(By.ID, "erase-confirm"))
            self.assertEqual(axe_violations(d), [], scheme + " with the erase step")
            self.screenshot(f"settings-erase-{scheme}")
            wait(d, lambda d: d.find_element(By.ID, "erase-keep").click() or True)
        self.viewport()
        d.refresh()
        wait(d, lambda d: d.find_elements(By.ID, "setting-end-of-day"))
        self.assert_no_horizontal_scroll("at 320 px")
        self.screenshot("settings-320-dark")


if __name__ == "__main__":
    unittest.main(verbosity=2)
