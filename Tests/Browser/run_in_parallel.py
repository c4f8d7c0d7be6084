"""Runs every Tests/Browser/test_*.py in a few worker processes at once, a file at a time, and fails if any test fails.

    CHARFLOW_TEST_BINARY=.build/debug/charflow python Tests/Browser/run_in_parallel.py [--workers 2] [MODULE ...]

A browser test spends most of its time waiting (for Chromium to draw, for the page's one-second poll, for a
toast's five seconds), so two files at once take little more than one. Each worker is a process of its own
with its own Chromium (browser_support's shared one), and runs whole files, so a file's tests run in their
order, one at a time, as they do under `python -m unittest discover`. Every test still starts its own server
over a fresh store. The next file goes to whichever worker is free, the files with the most tests first, so
the workers end close together. A file's report is printed whole when the file is done.
"""

import argparse
import ast
import glob
import io
import multiprocessing
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def test_count(path):
    """How many `test_` methods a file defines: the order files are handed out in."""
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), path)
    return sum(1 for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test"))


def worker(modules, reports):
    """Runs modules from `modules` until it is empty; puts one report a module on `reports`."""
    sys.path.insert(0, HERE)
    import browser_support
    # Should the runner be killed, its workers go too, and with them their servers and Chromium.
    browser_support.dies_with_parent()
    try:
        while True:
            try:
                module = modules.get_nowait()
            except Exception:  # queue.Empty, from the manager's process
                break
            stream = io.StringIO()
            started = time.monotonic()
            try:
                suite = unittest.defaultTestLoader.loadTestsFromName(module)
                result = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
                counts = (result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
                          result.wasSuccessful())
            except Exception as error:  # an import that fails is a failure of the file, reported as such
                stream.write(f"{module}: {error!r}\n")
                counts = (0, 0, 1, 0, False)
            reports.put((module, stream.getvalue(), counts, time.monotonic() - started))
    finally:
        # A worker's exit skips atexit: its Chromium is quit here.
        try:
            browser_support._quit_shared()
        finally:
            reports.put(None)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("modules", nargs="*", help="test modules (default: every test_*.py here)")
    args = parser.parse_args()
    paths = {os.path.splitext(os.path.basename(p))[0]: p for p in glob.glob(os.path.join(HERE, "test_*.py"))}
    modules = args.modules or sorted(paths, key=lambda name: (-test_count(paths[name]), name))

    context = multiprocessing.get_context("spawn")
    manager = context.Manager()
    queue, reports = manager.Queue(), manager.Queue()
    for module in modules:
        queue.put(module)
    workers = [context.Process(target=worker, args=(queue, reports)) for _ in range(max(1, args.workers))]
    started = time.monotonic()
    for process in workers:
        process.start()
    totals = [0, 0, 0, 0]
    failed, reported = [], set()
    left = len(workers)
    while left:
        try:
            report = reports.get(timeout=1)
        except Exception:  # queue.Empty: a worker that died without its last word counts as done
            if not any(process.is_alive() for process in workers):
                break
            continue
        if report is None:
            left -= 1
            continue
        module, text, (run, failures, errors, skipped, ok), seconds = report
        reported.add(module)
        sys.stdout.write(f"== {module}: {run} tests in {seconds:.1f} s\n{text}")
        sys.stdout.flush()
        for index, value in enumerate((run, failures, errors, skipped)):
            totals[index] += value
        if not ok:
            failed.append(module)
    for process in workers:
        process.join()
    manager.shutdown()
    print(f"Ran {totals[0]} tests in {time.monotonic() - started:.1f} s with {len(workers)} workers: "
          f"{totals[1]} failures, {totals[2]} errors, {totals[3]} skipped")
    missing = [module for module in modules if module not in reported]
    crashed = [process.exitcode for process in workers if process.exitcode != 0]
    if failed or missing or crashed or totals[0] == 0:
        print(f"FAILED: failed {failed}, never reported {missing}, workers' exit codes {crashed}")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
