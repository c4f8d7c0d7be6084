import CharflowCore
import Foundation

/// Name-based ids (UUID version 5, RFC 9562) for rows two devices may each create (spec D18), so
/// that both create the same row and a merge keeps one: SHA-1 (`SHA1.swift`) of Charflow's namespace
/// and the name.
enum DerivedID {
    /// Charflow's namespace for its derived ids (itself a version 5 id of "charflow" in the URL namespace).
    static let namespace = UUID(uuidString: "2ecfdc28-33b3-5910-badc-d5fe33a7b9a6")!

    /// The version 5 id of `name` in Charflow's namespace.
    static func uuid(_ name: String) -> UUID {
        var digest = SHA1.digest(withUnsafeBytes(of: namespace.uuid) { Array($0) } + Array(name.utf8))
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        return UUID(uuid: (digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                           digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]))
    }

    /// The id of the seeded default category with this preset key: the same on every device.
    static func defaultCategory(presetKey: String) -> UUID {
        uuid("category-preset:" + presetKey)
    }

    /// The id of the deferral record of `task` for `day`, a person's or the rollover's (spec D19,
    /// "Counts are derived", as changed): two devices that defer one task on one day — the same way or
    /// not, by hand or by their rollovers — make one record, which carries the later choice, so the day
    /// counts once. A record removed for good (an undone deferral) is never made again under its id:
    /// the next generation is used. Records made before derived their ids from more (the day deferred
    /// to; "rollover-deferral:"); migration 0023 made those of one task and day one.
    static func deferral(task: UUID, day: LocalDay, in db: Database) throws -> UUID {
        try unused("deferrals", skippingHeld: false, in: db) {
            "deferral:" + task.lowercasedText + ":" + day.description + $0
        }
    }

    /// The id of the instance of `series` made for `occurrence` (spec D19, "A series is one thing"):
    /// two devices that complete the same repeating task make the same instance, and an instance
    /// moved to another day keeps the id of the occurrence it stands for. Never the id of a row the
    /// store holds or removed for good.
    static func repeatInstance(series: UUID, occurrence: LocalDay, in db: Database) throws -> UUID {
        try unused("tasks", skippingHeld: true, in: db) { repeatInstanceName(series: series, occurrence: occurrence) + $0 }
    }

    /// The id of `generation` (1, 2, …) of the instance of `series` made for `occurrence`, as
    /// `repeatInstance` derives it; earlier builds derived the same from the instance's due day.
    static func repeatInstance(series: UUID, occurrence: LocalDay, generation: Int) -> UUID {
        uuid(repeatInstanceName(series: series, occurrence: occurrence) + suffix(generation))
    }

    private static func repeatInstanceName(series: UUID, occurrence: LocalDay) -> String {
        "repeat-instance:" + series.lowercasedText + ":" + occurrence.description
    }

    /// The id whose tombstone marks `series` stopped by the purge of its live instance (rule Y-20):
    /// no row ever holds it, and its removal reaches every device like any other, so a device that
    /// completed the purged instance offline learns that the series ended.
    static func seriesStop(_ series: UUID) -> UUID {
        uuid("series-stop:" + series.lowercasedText)
    }

    /// The id of a habit window's entry for `day`: every device that logs the day writes one row.
    static func habitEntry(window: UUID, day: LocalDay, in db: Database) throws -> UUID {
        try unused("habit_entries", skippingHeld: true, in: db) {
            "habit-entry:" + window.lowercasedText + ":" + day.description + $0
        }
    }

    /// The id of the mark of `anchor` for `day` (rule F-4): every device that marks the day writes one
    /// record. A held record is the one to change, so it is not skipped; one removed for good (never by
    /// Charflow's own actions) gives way to the next generation.
    static func anchorResolution(anchor: UUID, day: LocalDay, in db: Database) throws -> UUID {
        try unused("anchor_resolutions", skippingHeld: false, in: db) {
            "anchor-resolution:" + anchor.lowercasedText + ":" + day.description + $0
        }
    }

    /// The id of the increment that carries a day's amount from before increments were kept (or set
    /// by an import), so devices holding the same amount agree on one row. A held row is the one to
    /// add to, so it is not skipped.
    static func habitBase(window: UUID, day: LocalDay, in db: Database) throws -> UUID {
        try unused("habit_increments", skippingHeld: false, in: db) {
            "habit-base:" + window.lowercasedText + ":" + day.description + $0
        }
    }

    /// The first of `name("")`, `name("#2")`, `name("#3")`… whose id has no tombstone in `table` (and,
    /// `skippingHeld`, no row there either): a row removed for good (an undone completion's instance,
    /// say) is never made again under its id, which every other device would ignore, and a row made
    /// afresh never takes the id of one the store holds.
    private static func unused(_ table: String, skippingHeld: Bool, in db: Database, _ name: (String) -> String) throws -> UUID {
        var generation = 1
        while true {
            let id = uuid(name(suffix(generation)))
            let key = SQLValue.text(id.lowercasedText)
            let removed = try db.scalar("SELECT 1 FROM tombstones WHERE table_name = ? AND id = ?", [.text(table), key]) != nil
            let held = try skippingHeld && !removed && db.scalar("SELECT 1 FROM \(table) WHERE id = ?", [key]) != nil
            if !removed, !held { return id }
            generation += 1
        }
    }

    private static func suffix(_ generation: Int) -> String {
        generation == 1 ? "" : "#\(generation)"
    }
}
