import CharflowCore
import Foundation

/// The Must-Dos left open at the end of their day, as the rollover keeps them for the review.
///
/// Written inside the rollover's transaction, outside undo (the rollover empties the undo history) and
/// outside sync (each device rolls over for itself). A task removed for good takes its rows with it (a
/// trigger of migration `0019`), and they are read joined to the tasks that still exist.
package struct OpenMustDoRecords {
    let db: Database

    /// Keeps `open`; a row already kept for the same day and task stays as it was.
    package func keep(_ open: [OpenMustDo]) throws {
        for row in open {
            try db.run("INSERT OR IGNORE INTO open_must_dos (day, task_id, region) VALUES (?, ?, ?)",
                       [.text(row.day.description), .text(row.taskID.lowercasedText), .text(row.region.rawValue)])
        }
    }

    /// The Must-Dos left open on the days `first` through `last`, of tasks that still exist.
    package func open(from first: LocalDay, through last: LocalDay) throws -> [OpenMustDo] {
        try db.rows("""
            SELECT o.day, o.task_id, o.region FROM open_must_dos o JOIN tasks t ON t.id = o.task_id
            WHERE o.day >= ? AND o.day <= ? ORDER BY o.day, o.task_id
            """, [.text(first.description), .text(last.description)]).compactMap { row in
            guard let day = row[0].text.flatMap({ LocalDay($0) }), let id = row[1].text.flatMap({ UUID(recordText: $0) }),
                  let region = row[2].text.flatMap(Region.init(rawValue:)) else { return nil }
            return OpenMustDo(day: day, taskID: id, region: region)
        }
    }
}

extension Store {
    package var openMustDos: OpenMustDoRecords { OpenMustDoRecords(db: db) }
}
