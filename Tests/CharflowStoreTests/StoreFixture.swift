@testable import CharflowStore
import CharflowCore
import CharflowTestSupport
import Foundation

/// A fresh SQLite store in its own temporary folder, opened as the store alone opens it (migrated, no
/// upkeep of the layer above) at a given local wall time; records are written through the repositories.
final class StoreFixture {
    let folder: URL
    let path: String
    let zone: TimeZone

    struct NotAValue: Error {
        let text: String
    }

    init(zone identifier: String = "Europe/London") throws {
        folder = try TestFolder.make("charflow-store-tests")
        path = folder.appendingPathComponent("charflow.sqlite").path
        guard let zone = TimeZone(identifier: identifier) else { throw NotAValue(text: identifier) }
        self.zone = zone
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Opens the store with the clock at `day` `time`, local wall time of the fixture's zone.
    func open(_ day: String, _ time: String = "09:00") throws -> Store {
        guard let localDay = LocalDay(day) else { throw NotAValue(text: day) }
        guard let timeOfDay = TimeOfDay(time) else { throw NotAValue(text: time) }
        return try Store(path: path, timeZone: zone, localeFirstWeekday: .monday,
                         now: PlannerCalendar(timeZone: zone).instant(on: localDay, at: timeOfDay))
    }

    /// The one integer `sql` answers.
    static func count(_ store: Store, _ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        try store.db.scalar(sql, bindings)?.int ?? 0
    }
}

extension Store {
    /// Writes a task record as one action through the task repository, placed in `region` (and
    /// `bucket`) on the clock's calendar day when a region is given: no rule is asked, the store only records.
    @discardableResult
    func addRecord(_ title: String, region: Region? = nil, bucket: Bucket? = nil) throws -> TaskItem {
        var task = TaskItem(title: title, createdAt: now)
        if let region {
            task.region = region
            task.bucket = bucket ?? .misc
            task.dueDate = calendar.calendarDay(at: now)
        }
        return try action("add") { work in
            try taskRepository.insert(&task, in: work)
            return task
        }
    }
}
