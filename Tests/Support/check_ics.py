#!/usr/bin/env python3
"""Checks a Charflow .ics export with Python's iCalendar libraries (issue 7, rule X-2).

Usage: check_ics.py EXPORT.ics EXPECTED.json

EXPECTED.json: {"occurrences": {"<UID>": ["YYYY-MM-DD", ...], ...}} -- for each repeating VTODO the dates
Charflow computes (its due date first, then the next ones). The file is parsed with `icalendar`, each
VTODO's RRULE is expanded with `recurring_ical_events`, and the result is printed as JSON on stdout:

  {"ok": true|false, "problems": ["..."],
   "calendar": {"VERSION": "2.0", ...},
   "todos": {"<UID>": {"summary": "...", "properties": ["UID", ...], "rrule": "...", "dates": [...]}}}

Exit status: 0 when the check ran (read "ok" for the verdict), 2 on bad usage, 3 when a module is missing
(pip install icalendar recurring-ical-events).
"""

import datetime
import json
import sys

REQUIRED_CALENDAR = {"VERSION": "2.0", "PRODID": "-//Charflow//Charflow//EN", "CALSCALE": "GREGORIAN"}
REQUIRED_TODO = ["UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DUE", "STATUS", "PRIORITY"]
REQUIRED_REPEATING = ["DTSTART", "RRULE"]


def fail(status, message):
    print(json.dumps({"ok": False, "problems": [message]}))
    sys.exit(status)


def raw_problems(data):
    """Line ends, folding at 75 octets, and no UTF-8 sequence split across a fold."""
    problems = []
    if not data.endswith(b"\r\n"):
        problems.append("the file does not end with CRLF")
    lines = data.split(b"\r\n")
    if lines and lines[-1] == b"":
        lines = lines[:-1]
    for number, line in enumerate(lines, 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare CR or LF (lines must end with CRLF)")
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets, more than 75")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number}: not UTF-8 on its own (a character was split by folding)")
    return problems


def text(value):
    return value.to_ical().decode("utf-8") if hasattr(value, "to_ical") else str(value)


def day_text(value):
    if isinstance(value, datetime.datetime):
        return value.date().isoformat()
    return value.isoformat()


def main(argv):
    if len(argv) != 3:
        fail(2, "usage: check_ics.py EXPORT.ics EXPECTED.json")
    try:
        import icalendar
        import recurring_ical_events
    except ImportError as error:
        fail(3, f"missing Python module ({error}); install with: pip install icalendar recurring-ical-events")

    with open(argv[1], "rb") as handle:
        data = handle.read()
    with open(argv[2], "r", encoding="utf-8") as handle:
        expected = json.load(handle).get("occurrences", {})

    problems = raw_problems(data)
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as error:  # noqa: BLE001 - any parse failure is the verdict
        fail(0, f"icalendar could not parse the file: {error}")

    header = {}
    for name, value in REQUIRED_CALENDAR.items():
        found = calendar.get(name)
        header[name] = None if found is None else text(found)
        if header[name] != value:
            problems.append(f"VCALENDAR {name} is {header[name]!r}, expected {value!r}")

    todos = {}
    for component in calendar.walk("VTODO"):
        uid = str(component.get("UID"))
        present = sorted({str(key).upper() for key in component.keys()})
        entry = {
            "summary": str(component.get("SUMMARY", "")),
            "description": str(component.get("DESCRIPTION", "")),
            "categories": [str(c) for c in component.get("CATEGORIES").cats] if component.get("CATEGORIES") else [],
            "status": str(component.get("STATUS", "")),
            "priority": int(component.get("PRIORITY")) if component.get("PRIORITY") is not None else None,
            "properties": present,
            "rrule": text(component.get("RRULE")) if component.get("RRULE") is not None else None,
            "due": day_text(component.get("DUE").dt) if component.get("DUE") is not None else None,
            "dates": [],
        }
        for name in REQUIRED_TODO + (REQUIRED_REPEATING if uid in expected else []):
            if name not in present:
                problems.append(f"{uid}: no {name}")
        todos[uid] = entry

    if expected:
        every = [datetime.date.fromisoformat(day) for days in expected.values() for day in days]
        start, end = min(every), max(every) + datetime.timedelta(days=1)
        query = recurring_ical_events.of(calendar, components=["VTODO"])
        found = {}
        for occurrence in query.between(start, end):
            uid = str(occurrence.get("UID"))
            when = occurrence.get("DTSTART") or occurrence.get("DUE")
            found.setdefault(uid, set()).add(day_text(when.dt))
        for uid, days in expected.items():
            first, last = min(days), max(days)
            dates = sorted(day for day in found.get(uid, set()) if first <= day <= last)
            if uid not in todos:
                problems.append(f"{uid}: no such VTODO")
                continue
            todos[uid]["dates"] = dates
            if dates != days:
                problems.append(f"{uid}: expanded to {dates}, Charflow computes {days}")

    print(json.dumps({"ok": not problems, "problems": problems, "calendar": header, "todos": todos}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
