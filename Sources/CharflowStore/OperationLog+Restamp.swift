import CharflowCore

extension OperationLog {
    /// Re-stamps this device's unsent operations that are ahead of the hub's clock `hubNow` (ms), in
    /// one transaction (rule Y-22), so an edit made under a wrong clock never beats a later real one;
    /// returns how many it re-stamped.
    ///
    /// One stamped a little ahead (within `bound`) was made about then: it takes the hub's time. One
    /// stamped further ahead was made under a clock that was wrong by more than that, so when it was
    /// really made is not known, only that it came after everything this device had seen: it takes
    /// the earliest time it can have had, just after the latest clock held here that is not far ahead
    /// and after the device's last sync. The hub's time made it beat a real edit made elsewhere after
    /// it (issue 39, item 1); now such an edit wins, and since its writer had not seen the value it
    /// replaced, the merge records that as a conflict here (rule Y-24). With nothing held, the hub's
    /// time is taken. They keep their order among themselves and stay after every clock held here that
    /// is not far ahead; the fields they set take the new clocks, changes that replaced them name them
    /// by their new clocks, and a device clock far ahead comes back to the last of them, so the next
    /// edit is stamped from the right time. Nothing to do is one read.
    @discardableResult
    package static func restampAhead(of hubNow: Int64, bound: Int64, _ db: Database) throws -> Int {
        guard let state = try state(db) else { return 0 }
        // Rows waiting by their key hold clocks that may be ahead too: they go into the log first.
        try sendUnsentRows(db)
        let unsent = "seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) AND hlc IS NOT NULL"
        // A clock's text after every clock of that millisecond, so `hlc > mark` means a later millisecond.
        func mark(_ milliseconds: Int64) -> String {
            String(HybridLogicalClock(milliseconds: milliseconds, counter: 0, device: "").text.prefix(18)) + "-~"
        }
        let ahead = try db.scalar("SELECT 1 FROM sync_ops WHERE \(unsent) AND hlc > ? LIMIT 1", [.text(mark(hubNow))]) != nil
        guard ahead || state.clock.milliseconds > hubNow + bound else { return 0 }
        return try db.write {
            // The latest clock held here that is not ahead of the hub by more than the bound, leaving
            // out the ones about to move: the new stamps come after it.
            let held = try db.scalar("""
                SELECT max(hlc) FROM (SELECT hlc FROM sync_fields UNION ALL SELECT hlc FROM sync_rows) WHERE hlc <= ?1
                AND hlc NOT IN (SELECT hlc FROM sync_ops WHERE \(unsent) AND hlc > ?2)
                """, [.text(mark(hubNow + bound)), .text(mark(hubNow))])?.text.flatMap(HybridLogicalClock.init(text:))
            var clock = HybridLogicalClock(milliseconds: hubNow, counter: 0, device: state.deviceID)
            if let held, held.milliseconds >= hubNow {
                clock = HybridLogicalClock(milliseconds: held.milliseconds, counter: held.counter, device: state.deviceID)
            }
            // The earliest a change made under a clock far ahead can have been made: after every clock
            // held here and after the device's last sync ended (one ahead of the hub is no such bound).
            let synced = try db.scalar("SELECT synced_clock FROM sync_state WHERE id = 1")?.text
                .flatMap { HybridLogicalClock(text: $0 + "-") }
                .flatMap { $0.milliseconds <= hubNow ? $0 : nil }
            var earliest = clock
            if let start = [held, synced].compactMap({ $0 }).max(by: { ($0.milliseconds, $0.counter) < ($1.milliseconds, $1.counter) }),
               start.milliseconds > 0 {
                earliest = HybridLogicalClock(milliseconds: start.milliseconds, counter: start.counter, device: state.deviceID)
            }
            let moving = try db.rows("""
                SELECT DISTINCT hlc FROM sync_ops WHERE \(unsent) AND hlc > ?1 AND hlc > ?2 ORDER BY hlc
                """, [.text(mark(hubNow)), .text(clock.text)]).compactMap { $0[0].text }
            let far = mark(hubNow + bound)
            var last: HybridLogicalClock?
            try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS sync_restamp (old TEXT PRIMARY KEY, new TEXT NOT NULL) WITHOUT ROWID;
                DELETE FROM temp.sync_restamp
                """)
            for old in moving {
                let start = old > far ? earliest : clock
                let from = last.map { $0 > start ? $0 : start } ?? start
                let new = from.tick(now: from.milliseconds)
                try db.run("INSERT INTO temp.sync_restamp (old, new) VALUES (?, ?)", [.text(old), .text(new.text)])
                last = new
            }
            if let last { clock = last }
            if !moving.isEmpty {
                try renameClocks(db)
                try db.run("""
                    UPDATE sync_ops SET base_hlc = (SELECT new FROM temp.sync_restamp WHERE old = sync_ops.base_hlc)
                    WHERE \(unsent) AND base_hlc IN (SELECT old FROM temp.sync_restamp)
                    """)
                try db.run("""
                    UPDATE sync_ops SET hlc = (SELECT new FROM temp.sync_restamp WHERE old = sync_ops.hlc)
                    WHERE \(unsent) AND hlc IN (SELECT old FROM temp.sync_restamp)
                    """)
                try db.run("DELETE FROM temp.sync_restamp")
            }
            // A device clock far ahead (or behind what was just stamped) comes to the last new stamp.
            if state.clock.milliseconds > hubNow + bound || clock > state.clock {
                try db.run("UPDATE sync_state SET hlc_ms = ?, hlc_counter = ? WHERE id = 1",
                           [.integer(clock.milliseconds), .integer(Int64(clock.counter))])
            }
            return moving.count
        }
    }
}
