import CharflowCore

extension OperationLog {
    /// Re-stamps this device's unsent operations that are ahead of the hub's clock `hubNow` (ms) to the
    /// hub's time, in one transaction (rule Y-22), so an edit made under a wrong clock never beats a
    /// later real one; returns how many it re-stamped.
    ///
    /// They keep their order among themselves and stay later than every clock this device holds that
    /// is not far ahead (within `bound` of the hub's): an edit made after receiving another still wins
    /// over it. The fields they set take the new clocks, and a device clock far ahead comes back to
    /// the last of them, so the next edit is stamped from the right time. Nothing to do is one read.
    @discardableResult
    package static func restampAhead(of hubNow: Int64, bound: Int64, _ db: Database) throws -> Int {
        guard let state = try state(db) else { return 0 }
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
            let moving = try db.rows("""
                SELECT DISTINCT hlc FROM sync_ops WHERE \(unsent) AND hlc > ?1 AND hlc > ?2 ORDER BY hlc
                """, [.text(mark(hubNow)), .text(clock.text)]).compactMap { $0[0].text }
            try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS sync_restamp (old TEXT PRIMARY KEY, new TEXT NOT NULL) WITHOUT ROWID;
                DELETE FROM temp.sync_restamp
                """)
            for old in moving {
                clock = clock.tick(now: clock.milliseconds)
                try db.run("INSERT INTO temp.sync_restamp (old, new) VALUES (?, ?)", [.text(old), .text(clock.text)])
            }
            if !moving.isEmpty {
                try renameClocks(db)
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
