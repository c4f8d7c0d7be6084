import CharflowCore
import CharflowStore

/// After a merge, every habit day whose amount is a sum of rows the merge touched is computed again
/// from those rows (spec D18, rule Y-6), the same way on every device.
///
/// Runs inside the merge, where nothing writes operations: each device computes the same from the
/// same rows, so the entries agree without sending them.
enum HabitDaySettlement {
    /// Recomputes every entry of `days` (a day kept before increments were, from none: as it came).
    static func settle(_ days: Set<HabitIncrements.Day>, db: Database) throws {
        guard !days.isEmpty else { return }
        let kinds = try HabitIncrements.windowKinds(db)
        for day in days.sorted(by: { ($0.window, $0.date) < ($1.window, $1.date) }) {
            guard let kind = kinds[day.window] else { continue }
            for entry in try HabitIncrements.entries(of: day, db: db) {
                var settled = entry
                try HabitIncrements.settle(&settled, kind: kind, db: db)
                guard settled != entry else { continue }
                try HabitIncrements.saveSettled(settled, db: db)
            }
        }
    }
}
