@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Today through `Charflow`: the view, the signals gathered once, and marking what was shown.
@Suite("Today use cases")
struct TodayUseCaseTests {
    private func add(_ app: Charflow, _ title: String, due: QuickDate? = .today, region: Region? = nil) throws -> TaskItem {
        var request = Store.NewTask(title: title)
        request.due = due
        request.region = region
        return try app.store.add(request)
    }

    @Test("A-2 P-5 reading Today marks nothing; markShown marks only the signals it names, once")
    func markShownOnlyNamed() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        for index in 1...5 { _ = try add(setup, "Task \(index)", due: .date(try #require(LocalDay("2026-12-01")))) }
        let app = try store.open("2026-12-01", "08:00")
        let first = try app.readToday()
        expectEqual(first.signals.map(\.signal), [.prioritisationPrompt(day: try #require(LocalDay("2026-12-01")))])
        try expectEqual(app.readToday().signals.count, 1, "reading twice uses nothing up")
        try app.markShown(.init(shown: ["stale:0000"]))
        try expectEqual(app.readToday().signals.count, 1, "a name no pending signal has marks nothing")
        try app.markShown(.init(shown: [first.signals[0].shownName]))
        expectTrue(try store.open("2026-12-01", "09:00").readToday().signals.isEmpty)
    }

    @Test("T-18 a task deferred a third time is stale on Today, once a week; marking it is no undoable action")
    func staleOncePerWeek() throws {
        let store = try AppTestStore()
        let slipping = try add(try store.open("2026-11-30"), "Slipping")
        // Each morning's first open runs that day's rollover: automatic deferrals on 1, 2 and 3 December.
        for date in ["2026-12-01", "2026-12-02"] { _ = try store.open(date, "08:00") }
        let thursday = try store.open("2026-12-03", "08:00")
        let report = try thursday.readToday()
        expectEqual(report.signals.map(\.signal), [.stale(task: slipping.id)])
        expectEqual(report.signals.first?.title, "Slipping")
        try thursday.markSeen(report.seen)
        expectEqual(thursday.store.lastActionID, nil)
        expectTrue(try store.open("2026-12-04", "08:00").readToday().signals.isEmpty)
    }

    @Test("H-18 H-21 a habit four days old, or a weekly habit one week old, gets no lighter cadence on Today")
    func noEarlyDensityRead() throws {
        let store = try AppTestStore()
        _ = try store.open("2026-11-26").addHabit(AddHabit.Input(title: "Read"))
        var weekly = AddHabit.Input(title: "Swim")
        weekly.schedule = .timesPerWeek(3)
        _ = try store.open("2026-11-23").addHabit(weekly)
        let report = try store.open("2026-11-30").readToday()
        expectTrue(report.signals.allSatisfy { $0.signal.kind != "densityRead" }, "\(report.signals.map(\.signal))")
    }

    @Test("T-9 with a filter set, Today shows only its category's tasks")
    func filterNarrowsToday() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        var work = Store.NewTask(title: "Standup")
        work.category = "Work"
        work.due = .today
        _ = try app.store.add(work)
        _ = try add(app, "Groceries")
        try app.setTodayFilter(.init(category: try CategoryRef.reading("work")))
        let report = try store.open("2026-11-30", "10:00").readToday()
        expectEqual(report.filter, "Work")
        expectEqual(report.view.due.map(\.title), ["Standup"])
    }
    @Test("B-4 W-24 Today's answer gives each region's limits and room; with a Today filter the room still counts every task placed there")
    func limitsAndRoom() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        let garden = try app.addCategory(AddCategory.Input(name: "Garden")).category.id
        var must = AddTask.Input(title: "Finish the proposal")
        must.region = .morning
        must.bucket = .mustDo
        try app.addTask(must)
        var weeds = AddTask.Input(title: "Pull the weeds")
        weeds.region = .morning
        weeds.bucket = .misc
        weeds.category = CategoryRef(garden)
        try app.addTask(weeds)
        try app.setTodayFilter(SetTodayFilter.Input(category: garden))
        let text = try store.open("2026-11-30", "10:00").readToday().json.rendered()
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let morning = try #require((answer["regions"] as? [String: Any])?["morning"] as? [String: Any])
        expectEqual((morning["mustDo"] as? [Any])?.count, 0, "the filter shows Garden's tasks only")
        expectEqual(morning["limits"] as? [String: Int], ["mustDo": 1, "complementary": 3, "misc": 5])
        expectEqual(morning["room"] as? [String: Int], ["mustDo": 0, "complementary": 3, "misc": 4])
        let evening = try #require((answer["regions"] as? [String: Any])?["evening"] as? [String: Any])
        expectEqual(evening["room"] as? [String: Int], ["mustDo": 1, "complementary": 3, "misc": 5])
    }
}
