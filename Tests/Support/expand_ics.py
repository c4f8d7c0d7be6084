#!/usr/bin/env python3
"""Expands iCalendar files with Python's icalendar and recurring-ical-events, for rule F-10.

Usage: expand_ics.py ZONE FROM TO FILE.ics [FILE.ics ...]

ZONE is a zone database name (Europe/Berlin); FROM and TO are local dates (YYYY-MM-DD) in that zone,
the window being [FROM 00:00, TO 00:00). Prints one JSON object on stdout:

  {"occurrences": [{"uid": "...", "allDay": false, "start": "2026-03-03T08:00:00Z", "end": "..."},
                   {"uid": "...", "allDay": true, "first": "2026-03-25", "last": "2026-03-27"}, ...]}

Timed occurrences are in UTC; a floating time (no zone) is read in ZONE. An all-day occurrence gives its
first and last day (DTEND is exclusive). Exit status: 0 when it ran, 2 on bad usage, 3 when a module is
missing (pip install icalendar recurring-ical-events).
"""

import datetime
import json
import sys

try:
    import icalendar
    import recurring_ical_events
    import zoneinfo
except ImportError as missing:
    print(json.dumps({"error": f"missing module: {missing.name}"}))
    sys.exit(3)


def utc_text(value, zone):
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def occurrence(event, zone):
    uid = str(event.get("UID"))
    start = event["DTSTART"].dt
    end = event["DTEND"].dt if "DTEND" in event else None
    if not isinstance(start, datetime.datetime):
        last = (end - datetime.timedelta(days=1)) if end is not None and end > start else start
        return {"uid": uid, "allDay": True, "first": start.isoformat(), "last": last.isoformat()}
    if end is None:
        end = start + event["DURATION"].dt if "DURATION" in event else start
    return {"uid": uid, "allDay": False, "start": utc_text(start, zone), "end": utc_text(end, zone)}


def main(arguments):
    if len(arguments) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    zone = zoneinfo.ZoneInfo(arguments[0])
    first = datetime.date.fromisoformat(arguments[1])
    last = datetime.date.fromisoformat(arguments[2])
    window_start = datetime.datetime(first.year, first.month, first.day, tzinfo=zone)
    window_end = datetime.datetime(last.year, last.month, last.day, tzinfo=zone)
    found = []
    for path in arguments[3:]:
        with open(path, "rb") as handle:
            calendar = icalendar.Calendar.from_ical(handle.read())
        for event in recurring_ical_events.of(calendar).between(window_start, window_end):
            if event.name == "VEVENT":
                found.append(occurrence(event, zone))
    print(json.dumps({"occurrences": found}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
