#!/usr/bin/env python3
"""Write a Charflow store's tasks in Taskwarrior's JSON import format (one JSON object a line).

    bench/tw_export.py STORE.sqlite OUT.json

The same tasks, one for one, keep their ids (Taskwarrior's uuid = Charflow's id):
  status      completed / deleted (dropped) / pending
  description the title; notes become one annotation
  entry, modified, end   created_at, modified_at, completed_at or dropped_at (UTC, 20260304T090000Z)
  due         the due day at 00:00 UTC
  priority    high -> H, medium -> M (low is Taskwarrior's "no priority")
  project     the category's name
  tags        the board region, "backlog" for an undated live task, "repeat" for a repeating one

Repeating tasks are imported as plain tasks tagged "repeat": Taskwarrior's recurrence (a template plus
generated children) has no one-for-one equivalent, and would make Taskwarrior do extra work each run.
"""
import json
import sqlite3
import sys


def tw_time(text):
    """'2026-03-04T09:00:00.000Z' -> '20260304T090000Z'."""
    if not text:
        return None
    return text[0:4] + text[5:7] + text[8:10] + "T" + text[11:13] + text[14:16] + text[17:19] + "Z"


def export(store, out):
    db = sqlite3.connect(f"file:{store}?mode=ro&immutable=1", uri=True)
    categories = dict(db.execute("SELECT id, name FROM categories"))
    rows = db.execute(
        "SELECT id, title, notes, due_date, importance, is_completed, completed_at, dropped_at, repeat_kind, "
        "created_at, category_id, region, modified_at FROM tasks ORDER BY created_at, id")
    count = 0
    with open(out, "w") as handle:
        for (tid, title, notes, due, importance, done, completed_at, dropped_at, repeat_kind, created_at,
             category, region, modified_at) in rows:
            task = {"uuid": tid, "description": title or "(untitled)", "entry": tw_time(created_at),
                    "modified": tw_time(modified_at)}
            if done:
                task["status"] = "completed"
                task["end"] = tw_time(completed_at)
            elif dropped_at:
                task["status"] = "deleted"
                task["end"] = tw_time(dropped_at)
            else:
                task["status"] = "pending"
            if due:
                task["due"] = due.replace("-", "") + "T000000Z"
            if importance == "high":
                task["priority"] = "H"
            elif importance == "medium":
                task["priority"] = "M"
            if category in categories:
                task["project"] = categories[category]
            tags = []
            if region:
                tags.append(region)
            if not done and not dropped_at and not due:
                tags.append("backlog")
            if repeat_kind and repeat_kind != "none":
                tags.append("repeat")
            if tags:
                task["tags"] = tags
            if notes:
                task["annotations"] = [{"entry": tw_time(created_at), "description": notes.replace("\n", " / ")}]
            handle.write(json.dumps(task, ensure_ascii=False) + "\n")
            count += 1
    return count


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(export(sys.argv[1], sys.argv[2]))
