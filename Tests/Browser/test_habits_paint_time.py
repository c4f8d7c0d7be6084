"""The Habits screen with 30 habits of five years each draws all its cards and grids for under a second of
CPU, the page's and the server's together, from the change of screen (docs/performance.md, "The Habits
screen"). CPU, not the clock: another process on the machine (a second CI run beside this one) only
stretches the clock, and a bound on it failed there while the page did the same work.

The store is made through the app: 30 habits added with `charflow habit add` five years before the tests'
clock, their five years of days written into the store's own JSON backup (`charflow export`) and read back
with `charflow import`, which checks every row as it takes it.
"""

import datetime
import json
import os
import random
import subprocess
import unittest
import uuid

from selenium.webdriver.common.by import By

from browser_support import BINARY, NOW, BrowserTestCase, Store, wait

FIVE_YEARS_AGO = "2021-11-30T08:00"
KINDS = [("binary", None), ("counted", "8"), ("timed", "20"), ("avoid", None)]

# From the change of screen to the first screenful of cards with their grids in the DOM, laid out and
# painted: the page's own clock, read once the frame after the grids has been drawn.
PAINT = """
const done = arguments[arguments.length - 1];
const t0 = performance.now();
location.hash = '#habits';
const view = document.getElementById('view-habits');
const visible = () => Array.from(view.querySelectorAll('section.habit')).filter(s => s.getBoundingClientRect().top < innerHeight);
const ready = () => !view.hidden && !document.querySelector('main[aria-busy]') && visible().length > 0
  && visible().every(s => s.querySelector('table.density td[data-state]'));
let first = null;
const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
const check = async () => {
  if (first === null && ready()) {
    document.body.getBoundingClientRect();
    await frame();
    first = performance.now() - t0;
  }
  if (first !== null && view.querySelectorAll('table.density').length >= 30) {
    await frame();
    done({ first, all: performance.now() - t0, shown: visible().length, nodes: view.querySelectorAll('*').length });
    return;
  }
  setTimeout(check, 5);
};
check();
"""


def cpu_seconds(pid):
    """The CPU time process `pid` has used so far, user and system."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main_thread_seconds(driver):
    """The CPU time the page's main thread has used so far (Chromium's `ThreadTime`)."""
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "ThreadTime")


def five_years_of_thirty_habits(store):
    """Adds 30 habits (each kind in turn) dated five years back, then five years of their days (seven in ten
    logged), through `export` and `import`."""
    maker = Store()
    try:
        for index in range(30):
            kind, target = KINDS[index % 4]
            args = ["habit", "add", f"Habit {index + 1:02d}", "--kind", kind] + (["--target", target] if target else [])
            maker.cli(*args, now=FIVE_YEARS_AGO)
        path = os.path.join(maker.folder, "backup.json")
        # `export` and `import` say what they did in words, so they are run without --json.
        subprocess.run([BINARY, "export", "--format", "json", "--out", path, "--now", NOW], env=maker.env, check=True, capture_output=True)
        with open(path, encoding="utf-8") as file:
            backup = json.load(file)
        tables = backup["tables"]
        rng = random.Random(30)
        entries = []
        start, end = datetime.date(2021, 11, 30), datetime.date(2026, 11, 30)
        for window in tables["habit_windows"]:
            day = start
            while day < end:
                if rng.random() < 0.7:
                    amount = rng.randint(1, max(1, window["target"]))
                    stamp = day.isoformat() + "T20:00:00.000Z"
                    entries.append({"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "window_id": window["id"],
                                    "date": day.isoformat(), "target": window["target"], "amount": amount,
                                    "completed_at": stamp if amount >= window["target"] else None, "modified_at": stamp})
                day += datetime.timedelta(days=1)
        tables["habit_entries"] = entries
        with open(path, "w", encoding="utf-8") as file:
            json.dump(backup, file)
        subprocess.run([BINARY, "import", path, "--now", NOW], env=store.env, check=True, capture_output=True)
        return len(entries)
    finally:
        maker.close()


class HabitsPaintTimeTests(BrowserTestCase):

    def test_H19_W12_thirty_habits_of_five_years_draw_every_grid_for_under_a_second_of_cpu(self):
        entries = five_years_of_thirty_habits(self.store)
        self.assertGreater(entries, 30 * 5 * 365 * 0.65)
        self.assertEqual(len(self.store.cli("habits")["habits"]), 30)
        d = self.open_page()
        d.set_script_timeout(60)
        rounds, costs = [], []
        for _ in range(5):
            # Each round a fresh page on Today (its files from the cache), then the change of screen.
            d.execute_script("history.replaceState(null, '', location.pathname)")
            d.refresh()
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions section") and not d.find_elements(By.CSS_SELECTOR, "main[aria-busy]"))
            d.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
            page, server = main_thread_seconds(d), cpu_seconds(self.store.server.pid)
            rounds.append(d.execute_async_script(PAINT))
            costs.append((main_thread_seconds(d) - page + cpu_seconds(self.store.server.pid) - server) * 1000)
        firsts = sorted(r["first"] for r in rounds)
        alls = sorted(r["all"] for r in rounds)
        print(f"\nHabits, 30 habits x 5 years: CPU {sorted(round(x) for x in costs)} ms (page's main thread and server), "
              f"first screenful {[round(x) for x in firsts]} ms, all 30 grids {[round(x) for x in alls]} ms, "
              f"{rounds[0]['shown']} cards in view, {rounds[0]['nodes']} nodes")
        # The cheapest of five rounds. Alone on this machine a round costs 500-650 ms (the page 310-390,
        # the debug server 190-260) and the first screenful shows in 160-260 ms; beside three busy
        # processes the CPU was 550-750 ms while the first screenful took 320-670 ms by the clock.
        self.assertLess(min(costs), 1000, f"drawing every grid cost {sorted(costs)} ms of CPU")
        # The grids keep their accessible equivalent: a table of days, each cell's day and state in words.
        cells = d.execute_script(
            "const t = document.querySelector('#view-habits table.density');"
            "return [t.querySelectorAll('td[data-date]').length, t.querySelectorAll('thead th').length,"
            " t.querySelector('td[data-date] .sr-only').textContent, t.querySelector('caption').textContent];")
        # A column a week, the last one filled up to today (a Monday).
        self.assertEqual(cells[0], (cells[1] - 1) * 7 + 1, cells)
        self.assertTrue(cells[2] and cells[3], cells)
        # Every card drew its grid, and a card far down shows when scrolled to.
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#view-habits section.habit table.density")), 30)
        self.assertEqual(d.find_elements(By.CSS_SELECTOR, "#view-habits .grid-coming"), [])
        last = d.find_elements(By.CSS_SELECTOR, "#view-habits section.habit")[-1]
        d.execute_script("arguments[0].scrollIntoView()", last)
        self.assertGreater(last.find_element(By.CSS_SELECTOR, "table.density").size["height"], 100)


if __name__ == "__main__":
    unittest.main()
