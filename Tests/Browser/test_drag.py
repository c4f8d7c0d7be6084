"""Drag and drop of tasks in a real browser (W-16): between regions and buckets, to and from the Backlog,
within a bucket, with the 1–3–5 refusal in words, the polite announcement and the undo toast.

Selenium's ActionChains does not fire HTML5 drag events in Chromium, so each drag is a sequence of real
`DragEvent`s sharing one `DataTransfer`, dispatched on the task's row and on the place it is dropped.
"""

import unittest

from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, by_label, click, wait, focused

DRAG = """
const [taskID, targetSelector] = arguments;
const row = Array.from(document.querySelectorAll('li[data-task]')).find(li => li.dataset.task === taskID && li.offsetParent !== null);
if (!row) return 'no row';
const data = new DataTransfer();
const fire = (node, type) => node.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
fire(row, 'dragstart');
const target = Array.from(document.querySelectorAll(targetSelector)).find(node => node.offsetParent !== null);
if (!target) { fire(row, 'dragend'); return 'no target'; }
fire(target, 'dragenter');
const accepted = !fire(target, 'dragover');
fire(target, 'drop');
fire(row, 'dragend');
return accepted ? 'dropped' : 'refused by dragover';
"""


class DragTests(BrowserTestCase):
    """Drag and drop (W-16, W-17)."""

    def plan_a_morning(self):
        s = self.store
        self.must = s.cli("add", "Finish project proposal", "--region", "morning", "--bucket", "must")["id"]
        self.notes = s.cli("add", "Review notes", "--region", "morning", "--bucket", "complementary")["id"]
        self.sam = s.cli("add", "Email Sam", "--region", "morning", "--bucket", "complementary")["id"]
        self.loft = s.cli("add", "Sort the loft")["id"]

    def drag(self, task, target):
        d = self.driver
        wait(d, lambda d: d.execute_script(DRAG, task, target) == "dropped", message=f"could not drag onto {target}")

    def where(self, task):
        t = self.store.cli("show", task)
        return (t["region"], t["bucket"])

    def morning(self, bucket):
        return [t["title"] for t in self.store.cli("today")["regions"]["morning"][bucket]]

    def test_W16_drag_to_another_region_then_undo_from_the_toast(self):
        self.plan_a_morning()
        d = self.open_page()
        self.assertEqual(by_label(d, "Complete Email Sam").find_element(By.XPATH, "..").get_attribute("draggable"), "true")
        self.drag(self.sam, "section.region[data-region=afternoon]")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Email Sam” to Afternoon, Misc."))
        self.assertEqual(self.where(self.sam), ("afternoon", "misc"))
        self.assertEqual(d.find_element(By.ID, "announce").get_attribute("aria-live"), "polite")
        wait(d, lambda d: "Email Sam" in by_label(d, "Afternoon region, 0 Must-Do, 0 Complementary, 1 Misc, 0% complete").text)
        click(d, "Undo: Moved “Email Sam” to Afternoon, Misc.")
        wait(d, lambda d: self.where(self.sam) == ("morning", "complementary"), message="undo did not reach the store")

    def test_W16_drag_within_a_bucket_reorders_it(self):
        self.plan_a_morning()
        d = self.open_page()
        self.assertEqual(self.morning("complementary"), ["Review notes", "Email Sam"])
        self.drag(self.sam, f'#region-morning li[data-task="{self.notes}"]')
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("“Email Sam” moved to place 1 of 2 in Morning Complementary."))
        self.assertEqual(self.morning("complementary"), ["Email Sam", "Review notes"])
        wait(d, lambda d: [e.get_attribute("aria-label") for e in d.find_elements(By.CSS_SELECTOR, "#region-morning li input")]
             == ["Complete Finish project proposal", "Complete Email Sam", "Complete Review notes"])
        self.assertEqual(focused(d, "aria-label"), "Complete Email Sam")

    def test_W16_a_drop_into_a_full_bucket_is_refused_in_words_and_changes_nothing(self):
        self.plan_a_morning()
        d = self.open_page()
        self.drag(self.notes, f'#region-morning li[data-task="{self.must}"]')
        refusal = lambda d: d.find_element(By.CSS_SELECTOR, "#region-morning .drop-refused").text
        wait(d, lambda d: refusal(d).startswith("Morning region full (1 Must-Do, 3 Complementary, 5 Misc). Must-Do in Morning is full (1 of 1)."), message="no refusal in words")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "#region-morning .drop-refused").get_attribute("role"), "alert")
        self.assertEqual(self.where(self.notes), ("morning", "complementary"))
        self.assertEqual(self.morning("mustDo"), ["Finish project proposal"])
        self.assertEqual(d.find_element(By.ID, "toast").text, "")
        d.execute_script("document.querySelector('#region-morning .drop-refused').scrollIntoView({block: 'center'})")
        self.check_both_themes("Today with a refused drop", "drag-refusal")

    def test_W16_drag_to_the_Backlog_and_from_the_Backlog_to_a_region(self):
        self.plan_a_morning()
        d = self.open_page()
        self.drag(self.sam, "#backlog")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Email Sam” to the Backlog."))
        self.assertEqual(self.where(self.sam), (None, None))
        self.assertEqual(self.store.cli("today")["backlogCount"], 2)
        # On the Backlog no region is on screen: a drag shows three places to drop it.
        d.find_element(By.ID, "nav-backlog").click()
        wait(d, lambda d: d.find_element(By.ID, "view-backlog").is_displayed() and
             d.find_elements(By.CSS_SELECTOR, f'#backlog-groups li[data-task="{self.loft}"]'))
        self.drag(self.loft, ".drop-zone[data-region=evening]")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Sort the loft” to Evening, Misc."))
        self.assertEqual(self.where(self.loft), ("evening", "misc"))
        self.assertEqual(d.find_elements(By.ID, "drop-strip"), [], "the drop places stayed after the drag")

    def test_W16_region_focus_takes_a_drop_into_an_empty_bucket(self):
        self.plan_a_morning()
        d = self.open_page(fragment="#region/morning")
        wait(d, lambda d: d.find_element(By.ID, "view-region").is_displayed())
        self.drag(self.sam, "#region-buckets section[data-bucket=misc]")
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Moved “Email Sam” to Morning, Misc."))
        self.assertEqual(self.where(self.sam), ("morning", "misc"))
        wait(d, lambda d: [h.text for h in d.find_elements(By.CSS_SELECTOR, "#region-buckets h2")]
             == ["Must-Do 1/1", "Complementary 1/3", "Misc 1/5"])
        # The focus screen refuses a full Must-Do in words in that bucket's section.
        self.drag(self.notes, "#region-buckets section[data-bucket=mustDo]")
        wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#region-buckets section[data-bucket=mustDo] .drop-refused").text
             .startswith("Morning region full (1 Must-Do, 3 Complementary, 5 Misc). Must-Do in Morning is full (1 of 1)."))
        self.assertEqual(self.where(self.notes), ("morning", "complementary"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
