"""The Review screen and the learned estimate in a real browser (R-1 to R-5, W-17): a store built over several
weeks with the CLI (`--now`), the page's tables checked against `GET /api/review` and `GET /api/stats` on the
same server, the charts' bars counted, the week picker, the keyboard, axe in both themes, screenshots.
"""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, Store, focused, theme, wait

WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
REGIONS = [("morning", "Morning"), ("afternoon", "Afternoon"), ("evening", "Evening")]


def duration(minutes):
    """A duration as the page writes it (words.mjs `durationText`, the core's `Duration.text`)."""
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h" if rest == 0 else f"{hours} h {rest:02d}"


def focus_text(seconds):
    return duration(seconds // 60)


def day_text(date):
    """`2026-11-23` as the page shows a day: "Mon 23 Nov"."""
    import datetime
    day = datetime.date.fromisoformat(date)
    return f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]}"


def rate_text(tally):
    return "none placed" if tally["percent"] is None else f"{tally['done']} of {tally['placed']} ({tally['percent']}%)"


class ReviewTests(BrowserTestCase):
    """Review (R-1, R-2, R-3, R-4, R-5, W-17)."""

    def focus(self, task, begin, end):
        self.store.cli("begin", task, now=begin)
        self.store.cli("finish", "--done", now=end)

    def build_weeks(self):
        """Five weeks of use, London, the server's clock Monday 30 November 2026 09:00 (2026-W49).

        2026-W46 and W47: a Must-Do done each, "Water plants" done with 40 and 50 minutes of focus.
        2026-W48 (the usual review on a Monday): Must-Dos in every region, one left open (the rollover moves
        it), one deferred, focus on two days, a habit logged on two days, an anchor attended once and missed once.
        """
        s = self.store
        self.stretch = s.cli("habit", "add", "Stretch", now="2026-11-02T07:00")["id"]
        for day, minutes in (("2026-11-10", 40), ("2026-11-17", 50)):
            water = s.cli("add", "Water plants", "--region", "morning", "--bucket", "must", now=f"{day}T08:00")["id"]
            self.focus(water, f"{day}T08:05", f"{day}T08:{5 + minutes}")
        report = s.cli("add", "Write report", "--region", "morning", "--bucket", "must", "--effort", "30", now="2026-11-23T08:00")["id"]
        self.focus(report, "2026-11-23T09:00", "2026-11-23T09:50")
        s.cli("add", "Call the bank", "--region", "evening", "--bucket", "must", now="2026-11-24T08:00")
        shop = s.cli("add", "Shop", "--region", "afternoon", "--bucket", "must", now="2026-11-25T08:00")["id"]
        s.cli("defer", shop, "--reason", "too-much", now="2026-11-25T10:00")
        trip = s.cli("add", "Plan the trip", "--region", "afternoon", "--bucket", "must", "--effort", "60", now="2026-11-26T08:00")["id"]
        self.focus(trip, "2026-11-26T14:00", "2026-11-26T14:25")
        water = s.cli("add", "Water plants", "--region", "morning", "--bucket", "must", now="2026-11-27T08:00")["id"]
        self.focus(water, "2026-11-27T08:10", "2026-11-27T08:55")
        s.cli("habit", "log", self.stretch, "--date", "2026-11-25", now="2026-11-25T20:00")
        s.cli("habit", "log", self.stretch, "--date", "2026-11-27", now="2026-11-27T20:00")
        walk = s.cli("anchor", "add", "Walk", "--at", "07:00", "--for", "30", now="2026-11-23T06:00")["id"]
        s.cli("anchor", "attend", walk, "--date", "2026-11-25", now="2026-11-25T08:00")
        s.cli("anchor", "miss", walk, "--date", "2026-11-26", now="2026-11-26T08:00")

    def api(self, path):
        """The server's answer to `path`, read through the page's own session."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(r => r.json()).then(done, e => done({error: String(e)}));", path)

    def open_review(self, fragment="#review", **size):
        d = self.open_page(fragment=fragment, **size)
        self.wait_drawn()
        return d

    def wait_drawn(self, name=None):
        """Waits for the Review screen drawn from its answers (of the week `name`, when given) and settled."""
        def drawn(d):
            ready = d.execute_script(
                "const v = document.getElementById('view-review'); const s = document.getElementById('review-week');"
                "return v && !v.hidden && s && !document.querySelector('main[aria-busy]') ? s.value : null;")
            return ready and (name is None or ready == name)
        wait(self.driver, drawn, seconds=10, message=f"the Review screen never showed {name or 'a week'}")

    def table(self, table_id):
        """A table's caption, head and rows as text, as a screen reader reads them."""
        return self.driver.execute_script(
            "const t = document.getElementById(arguments[0]); if (!t) return null;"
            "const cells = (row) => Array.from(row.cells).map((c) => c.textContent);"
            "return {caption: t.caption ? t.caption.textContent : null, head: cells(t.tHead.rows[0]),"
            " rows: Array.from(t.tBodies[0].rows).map(cells)};", table_id)

    def chart(self, chart_id):
        """A chart's SVG as assistive technology sees it and what it draws: its bars' values, its marks."""
        return self.driver.execute_script(
            "const c = document.getElementById(arguments[0]); if (!c) return null;"
            "return {tag: c.tagName.toLowerCase(), hidden: c.getAttribute('aria-hidden'), width: c.getBoundingClientRect().width,"
            " bars: Array.from(c.querySelectorAll('rect.column')).map((r) => Number(r.dataset.value)),"
            " heights: Array.from(c.querySelectorAll('rect.column')).map((r) => Number(r.getAttribute('height'))),"
            " drawn: Array.from(c.querySelectorAll('rect.column')).map((r) => r.getBBox().height),"
            " done: Array.from(c.querySelectorAll('rect.mark.done')).map((r) => r.dataset.region),"
            " open: Array.from(c.querySelectorAll('rect.mark.open')).map((r) => r.dataset.region),"
            " cells: Array.from(c.querySelectorAll('rect[data-date]')).map((r) => [r.dataset.date, r.getAttribute('class')])};", chart_id)

    def assert_week_tables(self, review):
        """The page's tables and charts of one week read exactly what `review` (the API's answer) says (R-1, R-4)."""
        d = self.driver
        self.assertEqual(d.find_element(By.ID, "review-span").text.split(":")[0], review["week"]["name"])
        lines = d.execute_script("return Array.from(document.querySelectorAll('#review-words li')).map((li) => li.textContent)")
        self.assertEqual(lines, review["lines"], "R-3: the week in words is the server's sentences")
        must = review["mustDos"]
        if must["placed"] == 0:
            self.assertEqual(d.find_element(By.CSS_SELECTOR, "#review-must .empty").text, "No Must-Dos were placed this week.")
            self.assertIsNone(self.table("review-must-table"))
        else:
            table = self.table("review-must-table")
            self.assertEqual(table["caption"], "Must-Dos done of placed, by region")
            expected = [[name, str(must["regions"][key]["done"]), str(must["regions"][key]["placed"]),
                         "none placed" if must["regions"][key]["percent"] is None else f"{must['regions'][key]['percent']}%"]
                        for key, name in REGIONS]
            expected.append(["All regions", str(must["done"]), str(must["placed"]),
                             "none placed" if must["percent"] is None else f"{must['percent']}%"])
            self.assertEqual(table["rows"], expected)
            strip = self.chart("review-must-chart")
            self.assertEqual((strip["tag"], strip["hidden"]), ("svg", "true"))
            for key, _ in REGIONS:
                self.assertEqual(strip["done"].count(key), must["regions"][key]["done"], f"done marks of {key}")
                self.assertEqual(strip["done"].count(key) + strip["open"].count(key), must["regions"][key]["placed"], f"marks of {key}")
        days = review["focus"]["days"]
        if review["focus"]["seconds"] == 0:
            self.assertEqual(d.find_element(By.CSS_SELECTOR, "#review-focus .empty").text, "No focus sessions this week.")
            self.assertIsNone(self.chart("review-focus-chart"))
            self.assertIsNone(self.table("review-focus-table"))
            return self.assert_habits_and_anchors(review)
        table = self.table("review-focus-table")
        self.assertEqual(table["caption"], "Focus time each day")
        self.assertEqual(table["head"], ["Day", "Focus time"])
        self.assertEqual(table["rows"], [[day_text(day["date"]), focus_text(day["seconds"])] for day in days])
        bars = self.chart("review-focus-chart")
        self.assertEqual(bars["hidden"], "true")
        self.assertEqual(bars["bars"], [day["seconds"] for day in days], "a bar a day, each the day's seconds")
        self.assertEqual(bars["drawn"], bars["heights"], "no style of the page redraws the bars")
        tallest = max([day["seconds"] for day in days] + [1])
        for seconds, height in zip(bars["bars"], bars["heights"]):
            self.assertEqual(height == 0, seconds == 0)
            if seconds == tallest:
                self.assertEqual(height, max(bars["heights"]))
        if review["estimates"]:
            table = self.table("review-estimates")
            self.assertEqual(table["rows"], [[e["title"], duration(e["effortMinutes"]), focus_text(e["actualSeconds"])]
                                             for e in review["estimates"]])
        self.assert_habits_and_anchors(review)

    def assert_habits_and_anchors(self, review):
        d = self.driver
        if review["habits"]:
            table = self.table("review-habits-table")
            self.assertEqual(table["caption"], "Each habit's days this week")
            self.assertEqual(table["head"], ["Habit"] + [day_text(day["date"]) for day in review["habits"][0]["days"]])
            self.assertEqual([row[0] for row in table["rows"]], [habit["title"] for habit in review["habits"]])
            reads = d.execute_script("return Array.from(document.querySelectorAll('#review-habits .read')).map((p) => p.textContent)")
            self.assertEqual(reads, [habit["read"] for habit in review["habits"]])
            for index, habit in enumerate(review["habits"]):
                cells = self.chart(f"review-habit-{index}")["cells"]
                states = ["notDue" if day["state"] == "empty" and not day["isDue"] else day["state"] for day in habit["days"]]
                self.assertEqual(cells, [[day["date"], "cell-" + state] for day, state in zip(habit["days"], states)])
        anchors = review["anchors"]
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "#review-anchors p").text,
                         f"{anchors['attended']} of {anchors['marked']} marked were attended." if anchors["marked"]
                         else "No anchors were marked this week.")

    def test_R1_R3_R4_the_week_reads_the_numbers_of_api_review_with_a_chart_and_a_table_each(self):
        """R-1 R-3 R-4: the usual week (last week on a Monday): Must-Dos by region, focus per day, estimates,
        habits and anchors, each table exactly the API's numbers, each chart an SVG hidden from assistive technology."""
        self.build_weeks()
        d = self.open_review()
        self.assertEqual(d.title, "Charflow · Review")
        self.assertEqual(d.find_element(By.ID, "nav-review").get_attribute("aria-current"), "page")
        review = self.api("/api/review")
        self.assertEqual(review["week"]["name"], "2026-W48")
        self.wait_drawn("2026-W48")
        # What the week holds, so the comparison below compares something.
        self.assertEqual((review["mustDos"]["done"], review["mustDos"]["placed"]), (3, 4))
        self.assertEqual([day["seconds"] for day in review["focus"]["days"]], [3000, 0, 0, 1500, 2700, 0, 0])
        self.assertEqual(len(review["habits"]), 1)
        self.assertEqual(review["anchors"], {"attended": 1, "marked": 2, "percent": 50})
        self.assert_week_tables(review)
        self.assertEqual(d.find_element(By.ID, "review-span").text, "2026-W48: Mon 23 Nov to Sun 29 Nov.")
        self.assertEqual(self.chart("review-must-chart")["done"], ["morning", "morning", "afternoon"])
        # numbers and plain words.
        text = d.find_element(By.ID, "view-review").text.lower()
        for word in ["great", "well done", "only", "failed", "!", "should", "behind", "streak"]:
            self.assertNotIn(word, text)

    def test_R2_R4_twelve_weeks_of_trends_read_the_numbers_of_api_stats(self):
        """R-2 R-4: the Must-Do rate, focus hours and deferrals of twelve weeks, a bar a week and a table of the same numbers."""
        self.build_weeks()
        d = self.open_review()
        stats = self.api("/api/stats")
        weeks = stats["weeks"]
        self.assertEqual(len(weeks), 12)
        self.assertEqual(d.find_element(By.ID, "review-trends-title").text, "The last 12 weeks")
        names = [f"{day_text(w['firstDay'])} to {day_text(w['lastDay'])}" for w in weeks]
        parts = {"review-trend-must": ("Must-Dos done of placed, each week", "Must-Do rate", [rate_text(w["mustDos"]) for w in weeks],
                                       [w["mustDos"]["percent"] or 0 for w in weeks]),
                 "review-trend-focus": ("Focus time each week", "Focus hours", [focus_text(w["focusSeconds"]) for w in weeks],
                                        [w["focusSeconds"] for w in weeks]),
                 "review-trend-deferrals": ("Deferrals each week", "Deferrals", [str(w["deferrals"]) for w in weeks],
                                            [w["deferrals"] for w in weeks])}
        for part, (caption, head, texts, values) in parts.items():
            table = self.table(part + "-table")
            self.assertEqual(table["caption"], caption)
            self.assertEqual(table["head"], ["Week", head])
            self.assertEqual(table["rows"], [[name, text] for name, text in zip(names, texts)], part)
            bars = self.chart(part + "-chart")
            self.assertEqual(bars["hidden"], "true")
            self.assertEqual(len(bars["bars"]), 12, f"{part}: a bar a week")
            self.assertEqual(bars["bars"], values, part)
            self.assertEqual(bars["drawn"], bars["heights"], part)
        # The weeks hold what was built: W46 to W48 had Must-Dos, W48 deferrals.
        by_name = {w["name"]: w for w in weeks}
        self.assertEqual(by_name["2026-W46"]["focusSeconds"], 2400)
        self.assertEqual(by_name["2026-W48"]["mustDos"]["percent"], 75)
        self.assertGreater(by_name["2026-W48"]["deferrals"], 0)
        self.assertEqual(d.execute_script("return document.querySelectorAll('#review-trends svg.chart').length"), 3)

    def test_R1_the_week_picker_changes_the_week_by_the_servers_weeks(self):
        """R-1: this week, last week and earlier weeks by the first weekday the server reports; the address follows."""
        self.build_weeks()
        d = self.open_review()
        picker = Select(d.find_element(By.ID, "review-week"))
        stats = self.api("/api/stats")
        self.assertEqual([o.get_attribute("value") for o in picker.options], [w["name"] for w in reversed(stats["weeks"])])
        self.assertEqual(picker.options[0].text, "This week, Mon 30 Nov to Sun 6 Dec")
        self.assertEqual(picker.options[1].text, "Last week, Mon 23 Nov to Sun 29 Nov")
        self.assertEqual(picker.first_selected_option.get_attribute("value"), "2026-W48")
        for name in ("2026-W47", "2026-W49", "2026-W46"):
            Select(d.find_element(By.ID, "review-week")).select_by_value(name)
            self.wait_drawn(name)
            self.assertEqual(d.execute_script("return location.hash"), "#review/" + name)
            self.assert_week_tables(self.api("/api/review?week=" + name))
        # This week so far: today's bar is marked, the span says so far.
        d.execute_script("location.hash = '#review/this'")
        self.wait_drawn("2026-W49")
        self.assertEqual(d.find_element(By.ID, "review-span").text, "2026-W49: Mon 30 Nov to Sun 6 Dec, so far through Mon 30 Nov.")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "#review-must .empty").text, "No Must-Dos were placed this week.")
        self.assertEqual(d.find_element(By.CSS_SELECTOR, "#review-focus .empty").text, "No focus sessions this week.")
        # A week that is no week: the server's refusal in words in the banner, nothing else drawn over it.
        d.execute_script("location.hash = '#review/2026-W60'")
        wait(d, lambda d: "last, this or a week like 2026-W09" in d.find_element(By.ID, "problem").text, seconds=10,
             message="no refusal in words for a week that is no week")
        # With Sunday first the weeks start on Sunday, as the server says; the refusal is gone once a week is drawn.
        self.store.cli("settings", "first-weekday", "sunday")
        d.execute_script("location.hash = '#review/last'")
        wait(d, lambda d: d.find_element(By.ID, "review-span").text.startswith("2026-W48: Sun 22 Nov to Sat 28 Nov"), seconds=10)
        self.assertEqual(d.find_element(By.ID, "problem").text, "")
        self.assertEqual(Select(d.find_element(By.ID, "review-week")).options[0].text, "This week, Sun 29 Nov to Sat 5 Dec")
        self.assert_week_tables(self.api("/api/review?week=last"))

    def test_R1_R4_a_week_across_the_change_to_winter_time_in_new_york(self):
        """R-1 R-4: in New York the clocks go back on Sunday 1 November 2026; that week still has seven days,
        each day's focus on its own row and bar, as the API says."""
        self.store = Store(zone="America/New_York")
        self.addCleanup(self.store.close)
        s = self.store
        late = s.cli("add", "Read the lease", "--region", "evening", "--bucket", "must", now="2026-10-31T18:00")["id"]
        self.focus(late, "2026-10-31T23:15", "2026-10-31T23:45")
        early = s.cli("add", "Sort the post", "--region", "morning", "--bucket", "must", now="2026-11-01T08:00")["id"]
        self.focus(early, "2026-11-01T09:00", "2026-11-01T09:45")
        d = self.open_review("#review/2026-W44")
        self.wait_drawn("2026-W44")
        review = self.api("/api/review?week=2026-W44")
        self.assertEqual([day["date"] for day in review["focus"]["days"]],
                         ["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"])
        self.assertEqual([day["seconds"] for day in review["focus"]["days"]][-2:], [1800, 2700])
        self.assert_week_tables(review)
        self.assertEqual(self.table("review-focus-table")["rows"][-2:], [["Sat 31 Oct", "30 min"], ["Sun 1 Nov", "45 min"]])
        self.assertEqual(d.find_element(By.ID, "review-span").text, "2026-W44: Mon 26 Oct to Sun 1 Nov.")

    def test_R4_W17_the_review_by_keyboard_and_axe_clean_in_both_themes_with_screenshots(self):
        """R-4 W-17: the link, the picker and the week reached and changed by keyboard; zero axe violations in light
        and dark at 1280 and 375 px, no horizontal scroll at 375 px; screenshots review-*.png."""
        self.build_weeks()
        d = self.open_page()
        d.execute_script("document.getElementById('nav-review').focus()")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        self.wait_drawn("2026-W48")
        wait(d, lambda d: focused(d, "id") == "review-heading", message="focus did not go to the Review heading")
        ActionChains(d).send_keys(Keys.TAB).perform()
        self.assertEqual(focused(d, "id"), "review-week")
        ActionChains(d).send_keys(Keys.ARROW_DOWN).perform()
        self.wait_drawn("2026-W47")
        wait(d, lambda d: focused(d, "id") == "review-week", message="focus left the week picker")
        # Nothing on the screen is a tab stop but the picker: the charts and tables take no focus.
        stops = d.execute_script(
            "return Array.from(document.querySelectorAll('#view-review a, #view-review button, #view-review select, #view-review [tabindex]'))"
            ".filter((e) => e.tabIndex >= 0).map((e) => e.id)")
        self.assertEqual(stops, ["review-week"])
        d.execute_script("location.hash = '#review/2026-W48'")
        self.wait_drawn("2026-W48")
        self.check_both_themes("Review at 1280 px", "review-1280")
        self.assert_no_horizontal_scroll("Review at 1280 px")
        for scheme in ("light", "dark"):
            theme(d, scheme)
            for part in ("review-must", "review-trends"):
                d.execute_script("document.getElementById(arguments[0]).scrollIntoView()", part)
                self.screenshot(f"review-1280-{part.split('-')[1]}-{scheme}")
        theme(d, "light")
        self.viewport(width=375, height=812)
        for scheme in ("light", "dark"):
            theme(d, scheme)
            d.refresh()
            self.wait_drawn("2026-W48")
            self.assert_no_horizontal_scroll(f"Review at 375 px, {scheme}")
            self.assert_no_axe_violations(f"Review at 375 px, {scheme}")
            self.screenshot(f"review-375-{scheme}")
            for part in ("review-habits", "review-trends"):
                d.execute_script("document.getElementById(arguments[0]).scrollIntoView()", part)
                self.screenshot(f"review-375-{part.split('-')[1]}-{scheme}")
            width = self.chart("review-trend-focus-chart")["width"]
            self.assertGreater(width, 200, "the trend chart is drawn at a readable size")
        theme(d, "light")
        # An empty week in both themes.
        d.execute_script("location.hash = '#review/this'")
        self.wait_drawn("2026-W49")
        self.check_both_themes("Review of an empty week at 375 px", "review-375-empty")

    def test_R5_the_quick_add_offers_the_learned_estimate_and_sets_it_only_when_asked(self):
        """R-5: a line without an effort is offered "Usually about 45 min" with "Use 45 min"; added without
        the click the task keeps the usual effort, with it the task takes 45 min."""
        self.build_weeks()
        d = self.open_page()
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("Water plants")
        wait(d, lambda d: d.find_elements(By.ID, "quick-parse-learned"), message="no learned estimate offered")
        self.assertEqual(d.find_element(By.ID, "quick-parse-learned").text.replace("\n", " "), "Usually about 45 min. Use 45 min")
        self.check_both_themes("the quick add offering a learned estimate", "review-learned-quick-add")
        # Added without the click: nothing learned is set.
        line.send_keys(Keys.ENTER)
        wait(d, lambda d: d.find_element(By.ID, "toast").text.startswith("Added “Water plants”."))
        tasks = [t for t in self.store.cli("list")["tasks"] if t["title"] == "Water plants" and not t["isCompleted"]]
        self.assertEqual([t["effortMinutes"] for t in tasks], [30], "the usual effort, not the learned one")
        # Asked for: the line takes ~45 and the task 45 minutes.
        line = d.find_element(By.ID, "quick-line")
        line.send_keys("Water plants")
        wait(d, lambda d: d.find_elements(By.ID, "quick-parse-learned-use"))
        d.find_element(By.ID, "quick-parse-learned-use").click()
        self.assertEqual(d.find_element(By.ID, "quick-line").get_attribute("value"), "Water plants ~45")
        self.assertEqual(focused(d, "id"), "quick-line")
        wait(d, lambda d: any(t.text == "Effort: 45 min" for t in d.find_elements(By.CSS_SELECTOR, "#quick-parse .token")))
        self.assertEqual(d.find_elements(By.ID, "quick-parse-learned"), [], "no offer once the line names an effort")
        d.find_element(By.ID, "quick-line").send_keys(Keys.ENTER)
        wait(d, lambda d: len([t for t in self.store.cli("list")["tasks"] if t["title"] == "Water plants" and not t["isCompleted"]]) == 2)
        efforts = sorted(t["effortMinutes"] for t in self.store.cli("list")["tasks"] if t["title"] == "Water plants" and not t["isCompleted"])
        self.assertEqual(efforts, [30, 45])
        # A title never done before is offered nothing.
        d.find_element(By.ID, "quick-line").send_keys("Something new")
        wait(d, lambda d: any(t.text == "Title: Something new" for t in d.find_elements(By.CSS_SELECTOR, "#quick-parse .token")))
        self.assertEqual(d.find_elements(By.ID, "quick-parse-learned"), [])

    def test_R5_the_task_detail_offers_the_learned_estimate_for_a_task_without_one(self):
        """R-5: a task with no effort shows "Usually about 45 min"; opening it sets nothing, "Use 45 min" sets 45."""
        self.build_weeks()
        task = self.store.cli("add", "Water plants", "--effort", "none")["id"]
        shown = self.store.cli("show", task)
        self.assertEqual((shown["effortMinutes"], shown["learnedEffort"]), (None, 45))
        d = self.open_page(fragment="#task/" + task)
        wait(d, lambda d: d.find_elements(By.ID, "detail-learned"), seconds=10, message="no learned estimate in the detail")
        self.assertEqual(d.find_element(By.ID, "detail-learned").text.replace("\n", " "), "Usually about 45 min. Use 45 min")
        d.execute_script("document.getElementById('detail-learned').scrollIntoView({block: 'center'})")
        self.check_both_themes("the detail with a learned estimate", "review-learned-detail")
        self.assertIsNone(self.store.cli("show", task)["effortMinutes"], "shown, not set")
        d.find_element(By.ID, "detail-learned-use").click()
        wait(d, lambda d: self.store.cli("show", task)["effortMinutes"] == 45, message="Use 45 min did not set the effort")
        wait(d, lambda d: not d.find_elements(By.ID, "detail-learned"), message="the offer stayed after the effort was set")
        self.assertEqual(d.find_element(By.ID, "detail-effort-fact").text, "Effort 45 min")
        wait(d, lambda d: focused(d, "id") == "detail-effort-other", message="focus was lost after Use")
        # A task with an effort is offered nothing.
        other = self.store.cli("add", "Water plants", "--effort", "15")["id"]
        d.execute_script("location.hash = arguments[0]", "#task/" + other)
        wait(d, lambda d: d.find_element(By.ID, "detail-effort-fact").text == "Effort 15 min", seconds=10)
        self.assertEqual(d.find_elements(By.ID, "detail-learned"), [])

    def test_completing_a_task_draws_the_strike_and_dims_in_200_ms_and_not_at_all_with_reduced_motion(self):
        """W-24: completing draws the strikethrough across the title and dims it over 200 ms; reduced motion, none."""
        s = self.store
        s.cli("add", "Post the letter", "--region", "morning", "--bucket", "misc")
        s.cli("add", "Buy stamps", "--region", "morning", "--bucket", "misc")
        d = self.open_page()
        d.find_element(By.CSS_SELECTOR, '[aria-label="Complete Post the letter"]').click()
        shown = wait(d, lambda d: d.execute_script(
            "const row = document.querySelector('#regions li.just-done'); if (!row) return null;"
            "const label = getComputedStyle(row.querySelector('label')); const link = getComputedStyle(row.querySelector('.title-link'));"
            "return [label.animationName, label.animationDuration, link.animationName, link.animationDuration];"), message="no animation on completing")
        self.assertEqual(shown, ["charflow-dim, charflow-strike-hold", "0.2s, 0.2s", "charflow-strike", "0.2s"])
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        d.find_element(By.CSS_SELECTOR, '[aria-label="Complete Buy stamps"]').click()
        wait(d, lambda d: d.execute_script(
            "const row = document.querySelector('#regions li.just-done'); return row && row.dataset.title === 'Buy stamps'"))
        self.assertEqual(d.execute_script(
            "const row = document.querySelector('#regions li.just-done');"
            "return [getComputedStyle(row.querySelector('label')).animationName, getComputedStyle(row.querySelector('.title-link')).animationName,"
            " getComputedStyle(row.querySelector('label')).textDecorationLine];"), ["none", "none", "line-through"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
