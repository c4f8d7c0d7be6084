import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation

/// A fresh SQLite store in its own temporary folder, opened as `charflow` would open it at a given
/// local wall time. Every test makes its own; reopening with a later time simulates a later command.
/// The suites' own fixtures are subclasses that add their helpers.
open class TempStore {
    public let folder: URL
    public let path: String
    public let zone: TimeZone
    public let localeFirstWeekday: Weekday

    /// A zone, day or time a test names that is none.
    public struct NotAValue: Error {
        public let text: String
    }

    public init(zone identifier: String = "Europe/London", localeFirstWeekday: Weekday = .monday) throws {
        folder = try TestFolder.make("charflow-store-tests")
        path = folder.appendingPathComponent("charflow.sqlite").path
        guard let zone = TimeZone(identifier: identifier) else { throw NotAValue(text: identifier) }
        self.zone = zone
        self.localeFirstWeekday = localeFirstWeekday
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The instant the store's zone reads `time` (HH:MM) plus `seconds` on `day` (both as text).
    public func instant(_ day: String, _ time: String, seconds: Int = 0) throws -> Date {
        guard let localDay = LocalDay(day) else { throw NotAValue(text: day) }
        guard let timeOfDay = TimeOfDay(time) else { throw NotAValue(text: time) }
        return PlannerCalendar(timeZone: zone).instant(on: localDay, at: timeOfDay).addingTimeInterval(Double(seconds))
    }

    /// Opens the store with the clock at `day` `time` (+ `seconds`), local wall time of the store's zone,
    /// as a command opens it: any missed rollover run and two timers settled.
    package func open(_ day: String, _ time: String = "09:00", seconds: Int = 0) throws -> Store {
        let store = try Store(path: path, timeZone: zone, localeFirstWeekday: localeFirstWeekday,
                              now: try instant(day, time, seconds: seconds))
        _ = try Charflow.opening(store)
        return store
    }
}
