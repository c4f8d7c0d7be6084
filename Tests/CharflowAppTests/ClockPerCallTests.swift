import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The application layer takes its clock per call: a long-running front end opens the store with each
/// request's time, and a call past the rollover boundary runs the missed rollover (spec D4, D16).
@Suite("A clock per call")
struct ClockPerCallTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-app-" + UUID().uuidString)

    func store(zone: String) throws -> StoreEnvironment {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return StoreEnvironment(path: folder.appendingPathComponent("store.sqlite").path,
                                timeZone: TimeZone(identifier: zone)!, localeFirstWeekday: .sunday)
    }

    func at(_ text: String, _ store: StoreEnvironment) throws -> Charflow {
        try store.open(now: try StoreEnvironment.clock(text, zone: store.timeZone))
    }

    @Test("B-13 B-14: the same store opened per call moves to the new day at the boundary, across a DST change",
          arguments: ["Europe/London", "America/New_York"])
    func boundary(zone: String) throws {
        let store = try store(zone: zone)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The night the clocks go back in both zones' autumn (London 25 Oct, New York 1 Nov 2026).
        let day = zone == "Europe/London" ? "2026-10-24" : "2026-10-31"
        let next = zone == "Europe/London" ? "2026-10-25" : "2026-11-01"
        var read = AddTask.Input(title: "Read")
        read.region = .evening
        _ = try at("\(day)T20:00", store).addTask(read)
        let before = try at("\(day)T23:59", store).readToday()
        expectEqual(before.view.day.description, day)
        expectEqual(before.view.board.card(.evening).allTasks.map(\.title), ["Read"])
        let after = try at("\(next)T00:01", store).readToday()
        expectEqual(after.view.day.description, next)
        expectEmpty(after.view.board.allTasks)
        expectEqual(after.view.backlogCount, 1, "the unfinished task went to the Backlog at the boundary")
    }

    @Test("A-2: reading Today through the layer twice gives the same signals; marking them seen is one explicit call")
    func seenIsExplicit() throws {
        let store = try store(zone: "Asia/Tokyo")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, title) in ["One", "Two", "Three", "Four", "Five"].enumerated() {
            var input = AddTask.Input(title: title)
            input.region = .morning
            _ = try at("2026-12-01T08:0\(index)", store).addTask(input)
        }
        let first = try at("2026-12-01T09:00", store).readToday()
        let second = try at("2026-12-01T09:01", store).readToday()
        expectEqual(first.signals.map(\.signal.kind), ["prioritisationPrompt"])
        expectEqual(second.signals.map(\.signal.kind), first.signals.map(\.signal.kind))
        let app = try at("2026-12-01T09:02", store)
        try app.markSeen(app.readToday().seen)
        expectTrue(try at("2026-12-01T09:03", store).readToday().signals.isEmpty)
    }
}
