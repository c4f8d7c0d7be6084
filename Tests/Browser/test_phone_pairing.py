"""Pairing a phone's browser over HTTPS (spec D24, rules M-1..M-3): headless Chromium at 375 px with mobile
emulation, trusting `serve --listen`'s self-signed certificate through its public key hash, pairs with the link
`charflow pair` prints, sees Today, completes a task, and is refused at its next request once revoked.
"""

import glob
import json
import os
import re
import subprocess
import unittest

from selenium.webdriver.common.by import By

from browser_support import BINARY, NOW, BrowserTestCase, by_label, click, wait, wait_for_board

class PhonePairingTests(BrowserTestCase):

    def test_M2_M3_a_phone_pairs_over_https_completes_a_task_and_is_refused_once_revoked(self):
        store = self.store
        task = store.cli("add", "Water plants", "--region", "morning", "--bucket", "must")["id"]
        line = store.start(["serve", "--listen", "127.0.0.1:0", "--now", NOW])
        self.assertRegex(line, r"https://127\.0\.0\.1:[0-9]+/ \(HTTPS only\)")
        fingerprint = re.search(r"fingerprint ([0-9A-F:]{95})", line).group(1)
        state = os.path.join(store.folder, ".local", "state", "charflow")
        certificate = glob.glob(os.path.join(state, "serve-*.tls-cert"))[0]
        paired = subprocess.run([BINARY, "pair", "--json"], env=store.env, capture_output=True, text=True)
        self.assertEqual(paired.returncode, 0, paired.stderr)
        link = json.loads(paired.stdout)
        self.assertEqual(link["fingerprint"], fingerprint)

        d = self.phone(certificate)
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 800, "deviceScaleFactor": 2, "mobile": True})
        d.get(link["url"])
        wait_for_board(d, seconds=10)
        self.assertTrue(d.current_url.startswith("https://"), d.current_url)
        self.assertNotIn("code=", d.current_url)
        click(d, "Complete Water plants")
        wait(d, lambda d: store.cli("show", task)["isCompleted"], message="the phone's completion did not reach the store")
        wait(d, lambda d: by_label(d, "Complete Water plants").is_selected(), message="the task did not show completed")
        listed = subprocess.run([BINARY, "pair", "--list", "--json"], env=store.env, capture_output=True, text=True)
        self.assertEqual([device["name"] for device in json.loads(listed.stdout)], ["Chrome on Android"])

        # The same link again, in the same browser: used up.
        d.get(link["url"])
        self.assertIn("not right, was used already", d.find_element(By.TAG_NAME, "body").text)

        revoked = subprocess.run([BINARY, "pair", "--revoke", "Chrome on Android"], env=store.env, capture_output=True, text=True)
        self.assertEqual(revoked.returncode, 0, revoked.stderr)
        d.get(link["url"].split("/pair")[0] + "/")
        self.assertIn("pairing has been revoked", d.find_element(By.TAG_NAME, "body").text)

    def test_M2_settings_on_this_machine_makes_a_pairing_link_whose_qr_code_pairs_a_phone(self):
        store = self.store
        line = store.start(["serve", "--listen", "127.0.0.1:0", "--now", NOW])
        fingerprint = re.search(r"fingerprint ([0-9A-F:]{95})", line).group(1)
        certificate = glob.glob(os.path.join(store.folder, ".local", "state", "charflow", "serve-*.tls-cert"))[0]
        d = self.open_page(fragment="#settings")
        wait(d, lambda d: d.find_element(By.ID, "pairing-make"))
        d.find_element(By.ID, "pairing-make").click()
        link = wait(d, lambda d: d.find_element(By.ID, "pairing-link").get_attribute("href"))
        self.assertRegex(link, r"^https://127\.0\.0\.1:[0-9]+/pair\?code=[0-9A-Z]{10}$")
        self.assertIn(fingerprint, d.find_element(By.ID, "pairing-fingerprint").text)
        self.assert_no_axe_violations("Settings with a pairing link")
        self.screenshot("settings-pairing")
        image = os.path.join(store.folder, "qr.png")
        with open(image, "wb") as file:
            file.write(d.find_element(By.ID, "pairing-qr").screenshot_as_png)
        read = subprocess.run(["zbarimg", "--quiet", "--raw", image], capture_output=True, text=True)
        self.assertEqual(read.stdout.strip(), link, read.stderr)

        phone = self.phone(certificate)
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 800, "deviceScaleFactor": 2, "mobile": True})
        phone.get(link)
        wait_for_board(phone, seconds=10)
        phone.get(link.split("/pair")[0] + "/#settings")
        wait(phone, lambda d: d.find_element(By.ID, "settings-heading"))
        self.assertEqual(phone.find_elements(By.ID, "pairing"), [], "a phone's Settings offers to pair others")


if __name__ == "__main__":
    unittest.main()
