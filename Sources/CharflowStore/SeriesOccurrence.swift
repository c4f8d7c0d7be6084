import CharflowCore
import Foundation

/// Gives each instance of a series the occurrence it was made for, where its row has none (spec D19).
///
/// Rows made before occurrences were kept, rows from an older backup, and rows another device's older
/// build sent have none. An instance's id was derived from (series, the day it was made for), so that
/// day is recovered from the id: the due day when the instance was never moved, otherwise the day
/// among those it could have been made for (the day it was made through `searchDays` later) whose
/// derived id is the row's. An id that derives from no such day (the series' first task, or a task
/// imported from another store) stands for its current due day.
enum SeriesOccurrence {
    /// How many days after the day an instance was made its occurrence is looked for: a monthly
    /// repeat completed early can make one a year ahead.
    static let searchDays = 400
    /// Generations of a derived id (`…#2`, `…#3`) tried when recovering: one per removal for good.
    static let generations = 3

    /// Fills in the occurrence of every dated series row that has none; returns how many it filled.
    /// One indexed read when none lacks it. Leaves `modified_at` alone: nobody changed the task.
    @discardableResult
    static func fill(_ db: Database) throws -> Int {
        let rows = try db.rows("""
            SELECT id, series_id, due_date, created_at FROM tasks
            WHERE series_id IS NOT NULL AND occurrence_day IS NULL AND due_date IS NOT NULL
            """)
        for row in rows {
            guard let id = row[0].text, let series = row[1].text.flatMap({ UUID(recordText: $0) }),
                  let due = row.day(2) else { continue }
            let made = row[3].text.flatMap { LocalDay(String($0.prefix(10))) }
            let occurrence = recovered(id: id, series: series, due: due, madeOn: made) ?? due
            try db.run("UPDATE tasks SET occurrence_day = ? WHERE id = ?", [.text(occurrence.description), .text(id)])
        }
        return rows.count
    }

    /// The day `id` was derived for as an instance of `series`, or nil when it derives from none.
    static func recovered(id: String, series: UUID, due: LocalDay, madeOn made: LocalDay?) -> LocalDay? {
        guard let uuid = UUID(recordText: id), uuid != series else { return nil }
        // Only a name-based id (version 5) can be derived.
        guard id.count == 36, id[id.index(id.startIndex, offsetBy: 14)] == "5" else { return nil }
        for generation in 1...generations where DerivedID.repeatInstance(series: series, occurrence: due, generation: generation) == uuid {
            return due
        }
        guard let made else { return nil }
        for generation in 1...generations {
            for offset in -1...searchDays {
                let day = made.adding(days: offset)
                guard day.isSupported else { continue }
                if DerivedID.repeatInstance(series: series, occurrence: day, generation: generation) == uuid { return day }
            }
        }
        return nil
    }
}
