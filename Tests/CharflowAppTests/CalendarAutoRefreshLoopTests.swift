@testable import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The loop `serve` and `sync --watch` refresh the calendars with (rule F-12), over a real store and a
/// real `.ics` file: when it wakes, and what it tells.
@Suite("Calendar refresh loop", .serialized)
struct CalendarAutoRefreshLoopTests {
    /// Events the loop told, collected across its thread.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [CalendarAutoRefresh.Event] = []

        func add(_ event: CalendarAutoRefresh.Event) {
            lock.lock()
            events.append(event)
            lock.unlock()
        }

        var all: [CalendarAutoRefresh.Event] {
            lock.lock()
            defer { lock.unlock() }
            return events
        }
    }

    func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    func calendar(in store: AppTestStore) throws -> URL {
        let file = store.folder.appendingPathComponent("loop.ics")
        try CalendarCacheTests.text.write(to: file, atomically: true, encoding: .utf8)
        let app = try store.open("2026-03-20")
        try app.addCalendar(.init(name: try .reading("Loop"), source: file.path))
        return file
    }

    @Test("F-12 the loop refreshes at start, then only when its interval is up or a refresh is asked for")
    func wakesOnlyWhenDue() throws {
        let store = try AppTestStore(zone: "Europe/Berlin")
        _ = try calendar(in: store)
        let clock = try store.instant("2026-03-20", "09:30")
        var timing = CalendarAutoRefresh.Timing()
        timing.interval = 600
        let loop = CalendarAutoRefresh(store: StoreEnvironment(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday),
                                       clock: { clock }, timing: timing)
        loop.start()
        defer { loop.stop() }
        expectTrue(eventually(within: 10) { loop.finished == 1 })
        usleep(1_500_000)
        expectEqual(loop.finished, 1, "an idle loop sleeps until its interval is up")
        loop.refreshNow()
        expectTrue(eventually(within: 10) { loop.finished == 2 })
        let read = try #require(try store.open("2026-03-20", "09:31").readCalendars().entries.first)
        expectEqual(Instant.isoText(try #require(read.readAt), in: PlannerCalendar(timeZone: store.zone)), "2026-03-20T09:30:00+01:00")

        var short = CalendarAutoRefresh.Timing(environment: ["CHARFLOW_CALENDAR_REFRESH": "0.2"])
        expectEqual(short.interval, 0.2)
        short = CalendarAutoRefresh.Timing(environment: ["CHARFLOW_CALENDAR_REFRESH": "soon"])
        expectEqual(short.interval, 900, "what is no positive number is ignored")
    }

    @Test("F-12 a source that keeps failing is told once; read again, it is told once more")
    func failureToldOnce() throws {
        let store = try AppTestStore(zone: "Europe/Berlin")
        let file = try calendar(in: store)
        let told = Told()
        let clock = try store.instant("2026-03-20", "10:00")
        let loop = CalendarAutoRefresh(store: StoreEnvironment(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday),
                                       clock: { clock }, timing: CalendarAutoRefresh.Timing(environment: ["CHARFLOW_CALENDAR_REFRESH": "0.1"]),
                                       onEvent: told.add)
        try FileManager.default.removeItem(at: file)
        loop.start()
        defer { loop.stop() }
        expectTrue(eventually(within: 10) { loop.finished >= 5 })
        expectEqual(told.all.count, 1)
        guard case .failed(let name, let failure, _)? = told.all.first else {
            Issue.record("no failure told: \(told.all)")
            return
        }
        expectEqual(name, "Loop")
        expectEqual(failure.code, "calendar_unreadable")
        let kept = try store.open("2026-03-20", "10:01")
        try expectEqual(kept.calendarEvents(on: LocalDay(year: 2026, month: 3, day: 20)!).map(\.title), ["Lunch"])

        try CalendarCacheTests.text.write(to: file, atomically: true, encoding: .utf8)
        let seen = loop.finished
        expectTrue(eventually(within: 10) { loop.finished >= seen + 4 })
        expectEqual(told.all.count, 2)
        if case .readAgain(let again, _)? = told.all.last { expectEqual(again, "Loop") } else { Issue.record("\(told.all)") }
    }
}
