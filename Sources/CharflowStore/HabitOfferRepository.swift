import CharflowCore
import Foundation

/// What records the offers of detected habits: the day each was first shown, and which were
/// declined. One row per title key, its id derived from the key, synced like every record.
///
/// Showing and declining are no actions: nothing to undo, like the nudge log's marks. Adopting writes
/// nothing here: the habit made is what stops the offer.
package struct HabitOfferRepository {
    let store: Store
    var db: Database { store.db }

    /// An offer as recorded: the day it was first shown (nil: never shown) and whether it was declined.
    package struct Record: Sendable, Equatable {
        package let offeredOn: LocalDay?
        package let declined: Bool
    }

    /// The id of the offer of the title with `key`: the same on every device.
    package static func id(key: String) -> UUID {
        DerivedID.uuid("habit-offer:" + key)
    }

    /// Every recorded offer, by title key.
    package func all() throws -> [String: Record] {
        var result: [String: Record] = [:]
        for row in try db.rows("SELECT title_key, day, declined_at FROM habit_offers") {
            guard let key = row[0].text else { continue }
            result[key] = Record(offeredOn: row[1].text.flatMap { LocalDay($0) }, declined: row[2].text != nil)
        }
        return result
    }

    /// Records the offers of `detected` as first shown on `day`; an offer already shown keeps its day.
    package func recordShown(_ detected: [DetectedHabit], on day: LocalDay) throws {
        guard !detected.isEmpty else { return }
        let now = store.nowText
        try db.write {
            for habit in detected {
                try db.run("""
                    INSERT INTO habit_offers (id, title_key, title, day, offered_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET day = excluded.day, offered_at = excluded.offered_at,
                        modified_at = excluded.modified_at WHERE habit_offers.day IS NULL
                    """, [.text(Self.id(key: habit.key).lowercasedText), .text(habit.key), .text(habit.title),
                          .text(day.description), .text(now), .text(now)])
            }
        }
    }

    /// Records the offer of the title `key` as declined: it is never made again. Answers false when it
    /// already was.
    @discardableResult
    package func decline(key: String, title: String) throws -> Bool {
        let now = store.nowText
        return try db.write {
            if try db.scalar("SELECT 1 FROM habit_offers WHERE title_key = ? AND declined_at IS NOT NULL", [.text(key)]) != nil {
                return false
            }
            try db.run("""
                INSERT INTO habit_offers (id, title_key, title, declined_at, modified_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET declined_at = excluded.declined_at, modified_at = excluded.modified_at
                """, [.text(Self.id(key: key).lowercasedText), .text(key), .text(title), .text(now), .text(now)])
            return true
        }
    }
}

extension Store {
    /// What records the offers of detected habits.
    package var habitOffers: HabitOfferRepository {
        HabitOfferRepository(store: self)
    }
}
