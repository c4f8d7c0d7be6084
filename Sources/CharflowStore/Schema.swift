/// Charflow's schema, as the list of its migrations. Never edit a shipped migration: add one.
///
/// Records are sync-ready (spec D13, D14): UUID text ids, every field defaulted, `modified_at` on
/// every row, tombstones for what is purged, and no unique constraint beyond the ids themselves.
package enum Schema {
    package static let migrator = Migrator([
        Migration("0001-tasks-and-board", """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE TABLE categories (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            preset_key TEXT,
            color_key TEXT NOT NULL DEFAULT 'accent',
            sort_order INTEGER NOT NULL DEFAULT 0,
            is_archived INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE TABLE tasks (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            notes TEXT,
            due_date TEXT,
            effort_minutes INTEGER,
            importance TEXT NOT NULL DEFAULT 'low',
            is_completed INTEGER NOT NULL DEFAULT 0,
            completed_at TEXT,
            dropped_at TEXT,
            deferral_count INTEGER NOT NULL DEFAULT 0,
            repeat_kind TEXT NOT NULL DEFAULT 'none',
            repeat_weekdays TEXT NOT NULL DEFAULT '',
            repeat_day_of_month INTEGER NOT NULL DEFAULT 0,
            series_id TEXT,
            created_at TEXT NOT NULL,
            category_id TEXT REFERENCES categories(id) ON DELETE SET NULL,
            region TEXT,
            bucket TEXT,
            sort_order INTEGER NOT NULL DEFAULT 0,
            backlog_since TEXT,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX tasks_live_by_due ON tasks(due_date) WHERE is_completed = 0 AND dropped_at IS NULL;
        CREATE INDEX tasks_by_due_region ON tasks(due_date, region);
        CREATE INDEX tasks_by_completed_at ON tasks(completed_at) WHERE completed_at IS NOT NULL;
        CREATE INDEX tasks_by_series ON tasks(series_id) WHERE series_id IS NOT NULL;
        CREATE TABLE deferrals (
            id TEXT PRIMARY KEY NOT NULL,
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            deferred_on TEXT NOT NULL,
            day TEXT NOT NULL,
            deferred_to TEXT,
            reason TEXT NOT NULL DEFAULT 'unspecified',
            modified_at TEXT NOT NULL
        );
        CREATE INDEX deferrals_by_task_day ON deferrals(task_id, day);
        CREATE INDEX deferrals_by_day ON deferrals(day);
        CREATE TABLE tombstones (
            table_name TEXT NOT NULL,
            id TEXT NOT NULL,
            deleted_at TEXT NOT NULL
        );
        CREATE TABLE undo_actions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            label TEXT NOT NULL,
            done_at TEXT NOT NULL
        );
        CREATE TABLE undo_rows (
            action_seq INTEGER NOT NULL REFERENCES undo_actions(seq) ON DELETE CASCADE,
            ord INTEGER NOT NULL,
            table_name TEXT NOT NULL,
            key_column TEXT NOT NULL,
            row_key TEXT NOT NULL,
            before TEXT
        );
        CREATE INDEX undo_rows_by_action ON undo_rows(action_seq, ord);
        """),
        Migration("0002-work-sessions", """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY NOT NULL,
            task_id TEXT REFERENCES tasks(id) ON DELETE CASCADE,
            habit_window_id TEXT,
            started_at TEXT NOT NULL,
            day TEXT NOT NULL,
            ended_at TEXT,
            paused_seconds INTEGER NOT NULL DEFAULT 0,
            paused_at TEXT,
            estimate_minutes INTEGER,
            outcome TEXT NOT NULL DEFAULT 'running',
            actual_seconds INTEGER NOT NULL DEFAULT 0,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX sessions_live ON sessions(started_at) WHERE ended_at IS NULL;
        CREATE INDEX sessions_by_task ON sessions(task_id) WHERE task_id IS NOT NULL;
        CREATE INDEX sessions_by_window_day ON sessions(habit_window_id, day) WHERE habit_window_id IS NOT NULL;
        CREATE INDEX sessions_by_day ON sessions(day);
        """),
        Migration("0003-habits", """
        CREATE TABLE habit_groups (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            sort_order INTEGER NOT NULL DEFAULT 0,
            is_archived INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE TABLE habits (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            notes TEXT,
            preset_key TEXT,
            kind TEXT NOT NULL DEFAULT 'binary',
            frequency TEXT NOT NULL DEFAULT 'daily',
            scheduled_days TEXT NOT NULL DEFAULT '1,2,3,4,5,6,7',
            target_per_week INTEGER NOT NULL DEFAULT 0,
            is_archived INTEGER NOT NULL DEFAULT 0,
            group_id TEXT REFERENCES habit_groups(id) ON DELETE SET NULL,
            sort_order INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE TABLE habit_schedules (
            id TEXT PRIMARY KEY NOT NULL,
            habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
            from_day TEXT NOT NULL,
            frequency TEXT NOT NULL DEFAULT 'daily',
            scheduled_days TEXT NOT NULL DEFAULT '1,2,3,4,5,6,7',
            target_per_week INTEGER NOT NULL DEFAULT 0,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX habit_schedules_by_habit ON habit_schedules(habit_id, from_day);
        CREATE TABLE habit_windows (
            id TEXT PRIMARY KEY NOT NULL,
            habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
            label TEXT NOT NULL DEFAULT '',
            start_minute INTEGER NOT NULL DEFAULT 0,
            end_minute INTEGER NOT NULL DEFAULT 1439,
            target INTEGER NOT NULL DEFAULT 1,
            effort_minutes INTEGER,
            reminder_minute INTEGER,
            sort_order INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX habit_windows_by_habit ON habit_windows(habit_id);
        CREATE TABLE habit_entries (
            id TEXT PRIMARY KEY NOT NULL,
            window_id TEXT NOT NULL REFERENCES habit_windows(id) ON DELETE CASCADE,
            date TEXT NOT NULL,
            target INTEGER NOT NULL DEFAULT 1,
            amount INTEGER NOT NULL DEFAULT 0,
            completed_at TEXT,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX habit_entries_by_window_date ON habit_entries(window_id, date);
        CREATE INDEX habit_entries_by_date ON habit_entries(date);
        CREATE TABLE habit_pauses (
            id TEXT PRIMARY KEY NOT NULL,
            habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
            from_day TEXT NOT NULL,
            to_day TEXT,
            reason TEXT NOT NULL DEFAULT 'other',
            modified_at TEXT NOT NULL
        );
        CREATE INDEX habit_pauses_by_habit ON habit_pauses(habit_id);
        CREATE TABLE nudge_log (
            id TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL DEFAULT '',
            period TEXT NOT NULL,
            shown_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX nudge_log_by_kind ON nudge_log(kind, subject, period);
        """),
        Migration("0004-night-planning", """
        CREATE TABLE night_planning (
            id TEXT PRIMARY KEY NOT NULL,
            date TEXT NOT NULL,
            plan_day TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'open',
            started_at TEXT NOT NULL,
            ended_at TEXT,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX night_planning_by_date ON night_planning(date);
        """),
        // The rollover's daily series check reads recent instances only; this index answers it without
        // visiting the rows.
        Migration("0005-series-by-due-date", """
        CREATE INDEX tasks_series_by_due ON tasks(due_date, series_id) WHERE series_id IS NOT NULL;
        """),
        // A counter every committed write raises, so a long-running reader (the web server) notices
        // changes made by another process with one cheap read. Local bookkeeping: not in backups.
        Migration("0006-change-version", """
        CREATE TABLE change_version (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            version INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO change_version (id, version) VALUES (1, 0);
        """),
        // A pause's `to` became the day the habit resumes (habit.md's "from 12 to 19 Oct … resumes 19
        // Oct"); stored pauses kept their last paused day there, so each moves on by one day.
        Migration("0007-pause-to-is-resume-day", """
        UPDATE habit_pauses SET to_day = date(to_day, '+1 day') WHERE to_day IS NOT NULL;
        """),
        // Sync (spec D18): this device's id, clock and hub cursor; the operations each change writes;
        // the clock of the value each synced field holds, for last-writer-wins. Per device: never
        // synced, not in backups. The tombstone index answers "was this row purged?" while merging.
        Migration("0008-sync-operations", """
        CREATE TABLE sync_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            device_id TEXT NOT NULL,
            hlc_ms INTEGER NOT NULL DEFAULT 0,
            hlc_counter INTEGER NOT NULL DEFAULT 0,
            applying INTEGER NOT NULL DEFAULT 0,
            pushed_seq INTEGER NOT NULL DEFAULT 0,
            hub_cursor INTEGER NOT NULL DEFAULT 0,
            hub_url TEXT,
            hub_id TEXT,
            last_sync TEXT,
            triggers_for TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE sync_ops (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            hlc TEXT,
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            field TEXT NOT NULL,
            value TEXT NOT NULL
        );
        CREATE INDEX sync_ops_unstamped ON sync_ops(seq) WHERE hlc IS NULL;
        CREATE TABLE sync_fields (
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            field TEXT NOT NULL,
            hlc TEXT NOT NULL,
            PRIMARY KEY (table_name, row_id, field)
        );
        CREATE INDEX tombstones_by_row ON tombstones(table_name, id);
        """),
        // A counted (or avoid) habit's amount as the sum of its increments (spec D18, rule Y-6), so
        // increments made offline on two devices both count; undo is a negative increment. Shared by
        // every device through sync, but not a record of its own: the entries' amounts are, so
        // increments are not in backups.
        Migration("0009-habit-increments", """
        CREATE TABLE habit_increments (
            id TEXT PRIMARY KEY NOT NULL,
            window_id TEXT NOT NULL REFERENCES habit_windows(id) ON DELETE CASCADE,
            date TEXT NOT NULL,
            amount INTEGER NOT NULL DEFAULT 0,
            made_at TEXT NOT NULL
        );
        CREATE INDEX habit_increments_by_window_date ON habit_increments(window_id, date);
        """),
        // A series is one thing (spec D19, rule Y-20): each instance keeps the occurrence it was made
        // for, which a move never changes, and the dedup rule is one instance per (series,
        // occurrence). Rows made before get the day their id was derived for (docs/decisions.md).
        // The index of instances without one answers "anything to fill?" after a merge or an import.
        Migration("0010-repeat-occurrence", """
        ALTER TABLE tasks ADD COLUMN occurrence_day TEXT;
        DROP INDEX tasks_series_by_due;
        CREATE INDEX tasks_series_by_occurrence ON tasks(occurrence_day, series_id) WHERE series_id IS NOT NULL;
        CREATE INDEX tasks_without_occurrence ON tasks(series_id) WHERE series_id IS NOT NULL AND occurrence_day IS NULL;
        """, then: { db in try SeriesOccurrence.fill(db) }),
        // Device identity (spec D19, rule Y-14): the mark this store and the hub last agreed on, and
        // the one a push in flight writes, so a restored or copied store is noticed at its next sync.
        Migration("0011-sync-incarnation", """
        ALTER TABLE sync_state ADD COLUMN incarnation TEXT;
        ALTER TABLE sync_state ADD COLUMN next_incarnation TEXT;
        """),
        // Faults (spec D19, rule Y-23): an operation from another device this store cannot apply (an
        // unknown table or field, a value of the wrong type, a constraint it breaks) waits here with
        // its reason and the build that set it aside, and is tried again by another build.
        Migration("0012-sync-set-aside", """
        CREATE TABLE sync_set_aside (
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            field TEXT NOT NULL,
            hlc TEXT NOT NULL,
            value TEXT NOT NULL,
            reason TEXT NOT NULL,
            build TEXT NOT NULL,
            PRIMARY KEY (table_name, row_id, field, hlc)
        );
        """),
        // Conflicts are visible and undo survives a sync (spec D19, rules Y-24 and Y-25): each value of
        // this device's that a merge replaced (per device, never synced, not in backups; a row removed
        // for good takes its conflicts with it), the device's clock when its last sync ended (what
        // "changed since the last sync" is measured from), and the sync after which an action's rows
        // were changed by another device, so its undo says why it can't.
        Migration("0013-sync-conflicts", """
        CREATE TABLE sync_conflicts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            field TEXT NOT NULL,
            replaced TEXT NOT NULL,
            winner TEXT NOT NULL,
            winner_hlc TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            dismissed_at TEXT,
            restored_at TEXT
        );
        CREATE INDEX sync_conflicts_waiting ON sync_conflicts(id) WHERE dismissed_at IS NULL;
        CREATE TRIGGER sync_conflicts_removed AFTER INSERT ON tombstones BEGIN
            DELETE FROM sync_conflicts WHERE table_name = new.table_name AND row_id = new.id;
        END;
        ALTER TABLE sync_state ADD COLUMN synced_clock TEXT;
        UPDATE sync_state SET synced_clock = printf('%018d-%06d', hlc_ms, hlc_counter);
        ALTER TABLE undo_actions ADD COLUMN changed_by_sync TEXT;
        CREATE INDEX undo_rows_by_row ON undo_rows(table_name, row_key);
        """),
        // Settings that shape the day travel (spec D19, rule Y-26), a removal for good scrubs the row's
        // values from the operation log (Y-27; the index finds a row's operations), and a hub password
        // an older build kept in the store moves to libpq's password file. An existing device queues
        // its shared settings with their own change times and scrubs what it still held of removed rows.
        Migration("0014-shared-settings-and-privacy", """
        CREATE INDEX IF NOT EXISTS sync_ops_by_row ON sync_ops(row_id);
        """, then: { db in
            try OperationLog.upgradeDevice(db)
            try PasswordFile.moveStoredPassword(db)
        }),
        // The live-task index carries what the Backlog's counts read (its day, its Backlog-since day,
        // its creation), so Today counts the Backlog and its Older group from the index alone rather
        // than one table page per Backlog task (SQLite seeks the table only for a column the index
        // lacks). Same name and condition: every `INDEXED BY` still holds.
        Migration("0015-live-index-covers-backlog-counts", """
        DROP INDEX tasks_live_by_due;
        CREATE INDEX tasks_live_by_due ON tasks(due_date, backlog_since, created_at) WHERE is_completed = 0 AND dropped_at IS NULL;
        """),
        // A device's bookkeeping stays small (spec D20, rule Y-30): operations the hub holds leave the
        // device, and a row's fields that share a clock keep it once (`OperationLog+RowClocks`); the
        // tables are keyed b-trees (no rowid table with a second index repeating the key).
        Migration("0016-small-sync-bookkeeping", """
        CREATE TABLE sync_fields_keyed (
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            field TEXT NOT NULL,
            hlc TEXT NOT NULL,
            PRIMARY KEY (table_name, row_id, field)
        ) WITHOUT ROWID;
        INSERT INTO sync_fields_keyed (table_name, row_id, field, hlc) SELECT table_name, row_id, field, hlc FROM sync_fields;
        DROP TABLE sync_fields;
        ALTER TABLE sync_fields_keyed RENAME TO sync_fields;
        CREATE TABLE sync_rows (
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            hlc TEXT NOT NULL,
            fields INTEGER NOT NULL,
            PRIMARY KEY (table_name, row_id)
        ) WITHOUT ROWID;
        CREATE TABLE sync_field_bits (
            table_name TEXT NOT NULL,
            field TEXT NOT NULL,
            bit INTEGER NOT NULL,
            PRIMARY KEY (table_name, field)
        ) WITHOUT ROWID;
        DELETE FROM sync_ops WHERE seq <= coalesce((SELECT pushed_seq FROM sync_state WHERE id = 1), 0);
        """, then: { db in
            try OperationLog.compactFieldClocks(db)
        }),
        // The day's fixed points (spec D22, rules F-2 to F-6): anchors, each a fixed time on chosen ISO
        // weekdays (`start_minute`, `weekdays` as `1,2,3`) or a prayer, with a duration and an optional
        // reminder; and one mark a day, its id derived from (anchor, day) so two devices' marks are one
        // record. A mark taken back on a sync device keeps its row with no outcome. Both sync like every record.
        Migration("0017-anchors", """
        CREATE TABLE anchors (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            category_id TEXT REFERENCES categories(id) ON DELETE SET NULL,
            remind_minutes INTEGER,
            schedule_kind TEXT NOT NULL DEFAULT 'fixed',
            start_minute INTEGER NOT NULL DEFAULT 0,
            weekdays TEXT NOT NULL DEFAULT '1,2,3,4,5,6,7',
            prayer TEXT NOT NULL DEFAULT 'fajr',
            duration_minutes INTEGER NOT NULL DEFAULT 15,
            is_archived INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            modified_at TEXT NOT NULL
        );
        CREATE TABLE anchor_resolutions (
            id TEXT PRIMARY KEY NOT NULL,
            anchor_id TEXT NOT NULL REFERENCES anchors(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            outcome TEXT,
            resolved_at TEXT,
            modified_at TEXT NOT NULL
        );
        CREATE INDEX anchor_resolutions_by_anchor_day ON anchor_resolutions(anchor_id, day);
        CREATE INDEX anchor_resolutions_by_day ON anchor_resolutions(day);
        CREATE INDEX anchor_resolutions_by_resolved_at ON anchor_resolutions(resolved_at) WHERE resolved_at IS NOT NULL;
        """),

        // Read-only calendars (spec D22, rules F-9 and F-12): each source this device reads (where it is,
        // never a credential), its last snapshot with the validators a conditional request sends, when
        // it was last read and why the last read failed; the occurrences expanded from the snapshot for
        // the days around today, one row for each logical day an occurrence touches, so a day's events
        // are one index range; and what each source was expanded for (its window, zone and rollover).
        // The device's own: no sync trigger, not in backups (docs/calendars.md). Keyed by the name the
        // person gave, so an undo of a removal puts the source back without a tombstone.
        Migration("0018-calendar-cache", """
        CREATE TABLE calendar_sources (
            name TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            location TEXT NOT NULL,
            own_addresses TEXT NOT NULL DEFAULT '[]',
            password_file TEXT,
            added_at TEXT NOT NULL,
            read_at TEXT,
            tried_at TEXT,
            failure_code TEXT,
            failure TEXT,
            failed_since TEXT,
            generation INTEGER NOT NULL DEFAULT 0,
            modified_at TEXT NOT NULL,
            snapshot TEXT
        );
        CREATE TABLE calendar_expansions (
            source TEXT PRIMARY KEY NOT NULL REFERENCES calendar_sources(name) ON DELETE CASCADE ON UPDATE CASCADE,
            generation INTEGER NOT NULL,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL,
            zone TEXT NOT NULL,
            rollover TEXT NOT NULL,
            unknown_zones TEXT NOT NULL DEFAULT '[]',
            truncated TEXT NOT NULL DEFAULT '[]'
        ) WITHOUT ROWID;
        CREATE TABLE calendar_occurrences (
            source TEXT NOT NULL REFERENCES calendar_sources(name) ON DELETE CASCADE ON UPDATE CASCADE,
            day TEXT NOT NULL,
            first_day TEXT NOT NULL,
            sort_at TEXT NOT NULL,
            uid TEXT NOT NULL,
            recurrence_id TEXT,
            title TEXT NOT NULL DEFAULT '',
            location TEXT,
            starts_at TEXT,
            ends_at TEXT,
            first_date TEXT,
            last_date TEXT,
            not_busy TEXT
        );
        CREATE INDEX calendar_occurrences_by_day ON calendar_occurrences(day, sort_at);
        CREATE INDEX calendar_occurrences_by_source ON calendar_occurrences(source);
        """),
        // The Must-Dos each rollover took off the board unfinished, by the day they were placed on, so the
        // week's review counts them as placed: a rollover clears a task's placement. The device's
        // own bookkeeping, like the calendar cache: no sync trigger, not in backups (docs/decisions.md). A
        // task removed for good (purged, or removed by sync) takes its rows with it. Done tasks by title
        // answer a learned estimate's earlier instances without reading every done task.
        Migration("0019-open-must-dos", """
        CREATE TABLE open_must_dos (
            day TEXT NOT NULL,
            task_id TEXT NOT NULL,
            region TEXT NOT NULL,
            PRIMARY KEY (day, task_id)
        ) WITHOUT ROWID;
        CREATE INDEX open_must_dos_by_task ON open_must_dos(task_id);
        CREATE INDEX tasks_done_by_title ON tasks(lower(title), completed_at) WHERE is_completed = 1;
        CREATE TRIGGER open_must_dos_go_with_task AFTER DELETE ON tasks BEGIN
            DELETE FROM open_must_dos WHERE task_id = old.id;
        END;
        """),
        // Reminders delivered on this device (spec D23, rules ): one row for each reminder
        // (its kind, subject and period, as the nudge log names it) and the channel that showed it first,
        // so each arrives once per device, across restarts. The device's own, like the calendar cache: no
        // sync trigger, not in backups (docs/decisions.md).
        Migration("0020-reminder-deliveries", """
        CREATE TABLE reminder_deliveries (
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            period TEXT NOT NULL,
            channel TEXT NOT NULL,
            delivered_at TEXT NOT NULL,
            PRIMARY KEY (kind, subject, period)
        ) WITHOUT ROWID;
        """),
        // The offers of detected habits, one row per title under an id derived from it, so two
        // devices that make or answer the same offer keep one row. Synced, unlike the nudge log: an offer
        // made once is made once on every device, and one declined is never made again anywhere.
        Migration("0021-habit-offers", """
        CREATE TABLE habit_offers (
            id TEXT PRIMARY KEY NOT NULL,
            title_key TEXT NOT NULL,
            title TEXT NOT NULL,
            day TEXT,
            offered_at TEXT,
            declined_at TEXT,
            modified_at TEXT NOT NULL
        );
        """),
        // A completion keeps the logical day it was made on (rules B-15, P-8), as a session keeps its day and
        // a habit's entry its date: a later change of the rollover time never moves it. Tasks done before
        // get the day their completion time falls on under the store's rollover time when it is first
        // opened by this build (`CompletionDay`, which needs the store's zone). Done tasks by that day
        // answer history and the engagement probe; the second index answers "anything to fill?".
        Migration("0022-completion-day", """
        ALTER TABLE tasks ADD COLUMN completed_day TEXT;
        CREATE INDEX tasks_done_by_day ON tasks(completed_day, completed_at) WHERE is_completed = 1;
        CREATE INDEX tasks_done_without_day ON tasks(id) WHERE is_completed = 1 AND completed_day IS NULL;
        """),
        // One deferral record a task and day (spec D19 as changed: a record's id derives from the task
        // and the day, manual ones too). Two records of one task and day, which two devices made before,
        // become one: the latest change kept (then the greater id), each other one removed for good with
        // its own change time as the time of its removal, so every device makes the same choice, and
        // the task's count loses what was removed.
        Migration("0023-one-deferral-a-day", """
        CREATE TEMP TABLE deferral_extras AS
            SELECT d.id, d.task_id, d.modified_at FROM deferrals d
            WHERE EXISTS (SELECT 1 FROM deferrals o WHERE o.task_id = d.task_id AND o.day = d.day
                          AND (o.modified_at > d.modified_at OR (o.modified_at = d.modified_at AND o.id > d.id)));
        UPDATE tasks SET deferral_count = max(0, deferral_count
            - (SELECT count(*) FROM deferral_extras e WHERE e.task_id = tasks.id))
            WHERE id IN (SELECT task_id FROM deferral_extras);
        INSERT INTO tombstones (table_name, id, deleted_at) SELECT 'deferrals', id, modified_at FROM deferral_extras;
        DELETE FROM deferrals WHERE id IN (SELECT id FROM deferral_extras);
        DROP TABLE deferral_extras;
        """),
        // Each operation keeps the clock of the value it replaced here (spec D19 "Conflicts are visible",
        // rule Y-24): what its writer had seen of the field. A merge that replaces a device's value with
        // one whose writer had not seen it records a conflict, however the two devices' syncs fell.
        // Empty: the field held no value yet; null: not known (an operation written before this one).
        // The ids this store synced under before it took a new one (a restored or copied store, rule
        // Y-14): a conflict whose winner is one of them names it as this device before the restore.
        Migration("0024-sync-op-base-clock", """
        ALTER TABLE sync_ops ADD COLUMN base_hlc TEXT;
        CREATE TABLE sync_former_devices (device_id TEXT PRIMARY KEY) WITHOUT ROWID;
        """),
        // A device's bookkeeping stays small from its first moment (spec D20, rule Y-30): a row the
        // store held when it became a device waits here by its key alone, and its fields are read from
        // the row, with the clocks they hold, only as the push sends them (`OperationLog+UnsentRows`).
        Migration("0025-sync-unsent-rows", """
        CREATE TABLE sync_unsent_rows (
            table_name TEXT NOT NULL,
            row_id TEXT NOT NULL,
            PRIMARY KEY (table_name, row_id)
        ) WITHOUT ROWID;
        """),
        // What detected habits read on every Today: the titles done in a window of days, counted
        // from the index alone. The columns of its WHERE are in it too: without them SQLite 3.40 reads
        // each task's row to check what the index already implies.
        Migration("0026-done-titles-by-day", """
        CREATE INDEX tasks_done_titles_by_day ON tasks(completed_day, title, completed_at, is_completed, series_id, dropped_at)
            WHERE is_completed = 1 AND series_id IS NULL AND dropped_at IS NULL;
        """),
        // The first 8 characters (`ShortID.minimum`) that two or more tasks' ids share, kept by SQLite as
        // rows come and go like an index, so a list shows each line's short id without a read of the id
        // index per line; nearly always empty. Only an id whose 8 characters are here looks further.
        Migration("0027-shared-id-prefixes", """
        CREATE TABLE task_id_prefixes_shared (prefix TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
        INSERT INTO task_id_prefixes_shared (prefix) SELECT substr(id, 1, 8) FROM tasks GROUP BY 1 HAVING count(*) > 1;
        CREATE TRIGGER tasks_id_prefix_shared AFTER INSERT ON tasks
        WHEN (SELECT count(*) FROM tasks WHERE id >= substr(NEW.id, 1, 8) AND id < substr(NEW.id, 1, 8) || '~') > 1
        BEGIN
            INSERT OR IGNORE INTO task_id_prefixes_shared (prefix) VALUES (substr(NEW.id, 1, 8));
        END;
        CREATE TRIGGER tasks_id_prefix_freed AFTER DELETE ON tasks
        WHEN (SELECT count(*) FROM tasks WHERE id >= substr(OLD.id, 1, 8) AND id < substr(OLD.id, 1, 8) || '~') < 2
        BEGIN
            DELETE FROM task_id_prefixes_shared WHERE prefix = substr(OLD.id, 1, 8);
        END;
        """),
    ])
}
