@testable import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The week's review and the trends over a simulated stretch of weeks: a store made day by day through
/// the use cases with the clock moving forward, every number checked against a reference kept by the
/// test from the same actions.
@Suite("Review of a week over simulated weeks")
struct ReviewWeekUseCaseTests {
    /// A zone, the person's first weekday and the stretch's first day (a first weekday).
    struct Stretch: Sendable, CustomStringConvertible {
        let zone: String
        let firstWeekday: Weekday
        let start: String
        let weeks: Int
        var description: String { "\(zone), weeks from \(firstWeekday.name)" }
    }

    /// What the test saw happen on one logical day.
    struct DayLog {
        var mustDos: [Region: Tally] = [:]
        var done: [Bucket?: Int] = [:]
        var deferrals: [DeferralReason: Int] = [:]
        var focusSeconds = 0
        var anchors = Tally()
        var habitDone = false
    }

    static let stretches = [
        // The clocks go forward on 29 March 2026 in Berlin, on 8 March in New York.
        Stretch(zone: "Europe/Berlin", firstWeekday: .monday, start: "2026-01-05", weeks: 13),
        Stretch(zone: "America/New_York", firstWeekday: .sunday, start: "2026-01-04", weeks: 13),
    ]

    @Test("R-1 R-2 over a simulated quarter, each week's review and the trends match a reference kept from the same actions, across a DST change",
          arguments: stretches)
    func simulatedWeeks(_ stretch: Stretch) throws {
        let store = try AppTestStore(zone: stretch.zone)
        var random = SeededRandom(seed: 41)
        let start = try #require(LocalDay(stretch.start))
        let days = stretch.weeks * 7
        var logs: [LocalDay: DayLog] = [:]
        var expectedEstimates: [UUID: (effort: Int, actual: Int)] = [:]
        var actual: [UUID: Int] = [:]
        var carriedOver: [UUID] = []

        var app = try store.open(stretch.start, "07:00")
        _ = try app.changeSetting(try ChangeSetting.Input(key: "first-weekday", value: stretch.firstWeekday.name))
        let walk = try app.addAnchor(AddAnchor.Input(title: "Walk", at: TimeOfDay(hour: 7, minute: 0)!,
                                                     duration: AnchorDuration(minutes: 30)!)).anchors[0]
        var habitInput = AddHabit.Input(title: "Read")
        habitInput.kind = .binary
        let habit = try app.addHabit(habitInput).habit
        // A task placed on the first day and never done: every rollover after it defers it once more.
        var garageInput = AddTask.Input(title: "Sort the garage")
        garageInput.region = .evening
        garageInput.bucket = .misc
        let garage = try app.addTask(garageInput).task
        let titles = ["Write report", "Call the bank", "Plan the trip", "Fix the bike"]

        for offset in 0..<days {
            let day = start.adding(days: offset)
            var log = DayLog()
            // On the day the clocks change, the morning's session runs over the skipped hour.
            let changeDay = store.zone.isDaylightSavingTime(for: try store.instant(day.description, "12:00"))
                != store.zone.isDaylightSavingTime(for: try store.instant(day.adding(days: -1).description, "12:00"))
            // Yesterday's leftovers come back from the Backlog and are done first thing: done unplaced.
            app = try store.open(day.description, changeDay ? "00:30" : "08:00")
            for id in carriedOver {
                _ = try app.completeTask(CompleteTask.Input(task: id))
                log.done[nil, default: 0] += 1
            }
            carriedOver = []
            if offset > 0 { log.deferrals[.unspecified, default: 0] += 1 } // the garage, at this day's rollover

            for region in Region.allCases where random.int(0...3) > 0 {
                var input = AddTask.Input(title: titles[random.int(0...3)])
                input.region = region
                input.bucket = .mustDo
                input.effort = random.int(0...2) == 0 ? EffortChoice(minutes: nil) : EffortChoice(minutes: 15 * random.int(1...4))
                let task = try app.addTask(input).task
                log.mustDos[region, default: Tally()].of += 1
                let begin = changeDay && region == .morning ? "01:30" : ["09:00", "13:00", "19:00"][Region.allCases.firstIndex(of: region)!]
                switch random.int(0...4) {
                case 0, 1: // a session, finished done
                    let minutes = random.int(5...70)
                    let started = try store.instant(day.description, begin)
                    let ended = changeDay && region == .morning ? try store.instant(day.description, "03:30")
                        : started.addingTimeInterval(Double(minutes * 60))
                    app = try store.open(day.description, begin)
                    _ = try app.beginSession(BeginSession.Input(task: task.id, settle: nil))
                    app = try StoreEnvironment(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday).open(now: ended)
                    _ = try app.finishSession(FinishSession.Input(.done, note: nil))
                    let seconds = Int(ended.timeIntervalSince(started))
                    log.focusSeconds += seconds
                    actual[task.id, default: 0] += seconds
                    log.mustDos[region, default: Tally()].done += 1
                    log.done[.mustDo, default: 0] += 1
                    if let effort = task.effortMinutes { expectedEstimates[task.id] = (effort, actual[task.id]!) }
                case 2: // done without a session
                    _ = try app.completeTask(CompleteTask.Input(task: task.id))
                    log.mustDos[region, default: Tally()].done += 1
                    log.done[.mustDo, default: 0] += 1
                case 3: // a session stopped, then left open at the day's end
                    let minutes = random.int(5...40)
                    app = try store.open(day.description, begin)
                    _ = try app.beginSession(BeginSession.Input(task: task.id, settle: nil))
                    app = try store.open(day.description, begin, seconds: minutes * 60)
                    _ = try app.finishSession(FinishSession.Input(.stop, note: nil))
                    log.focusSeconds += minutes * 60
                    actual[task.id, default: 0] += minutes * 60
                    carriedOver.append(task.id)
                    if let effort = task.effortMinutes { expectedEstimates[task.id] = (effort, actual[task.id]!) }
                    // Tomorrow's rollover takes it off the board and defers it once.
                    logs[day.adding(days: 1), default: DayLog()].deferrals[.unspecified, default: 0] += 1
                default: // deferred by hand with a reason: off the board, so not counted as placed
                    let reason: DeferralReason = [.tooMuch, .notReady][random.int(0...1)]
                    _ = try app.deferTask(DeferTask.Input(task: task.id, reason: reason))
                    log.deferrals[reason, default: 0] += 1
                    log.mustDos[region, default: Tally()].of -= 1
                    carriedOver.append(task.id)
                }
            }
            if random.int(0...1) == 0 {
                var input = AddTask.Input(title: "Water the plants")
                input.region = .afternoon
                input.bucket = .complementary
                let task = try app.addTask(input).task
                _ = try app.completeTask(CompleteTask.Input(task: task.id))
                log.done[.complementary, default: 0] += 1
            }
            app = try store.open(day.description, "21:00")
            switch random.int(0...2) {
            case 0:
                _ = try app.attendAnchor(MarkAnchor.Input(anchor: AnchorRef(walk.id)))
                log.anchors = Tally(done: 1, of: 1)
            case 1:
                _ = try app.missAnchor(MarkAnchor.Input(anchor: AnchorRef(walk.id)))
                log.anchors = Tally(done: 0, of: 1)
            default: break
            }
            if random.int(0...1) == 0 {
                _ = try app.logHabit(LogHabit.Input(habit: habit.id, log: .toggle))
                log.habitDone = true
            }
            logs[day, default: DayLog()].merge(log)
        }

        // The day after the stretch: its rollover keeps the last day's open Must-Dos.
        let after = start.adding(days: days)
        app = try store.open(after.description, "12:00")
        var expectedTrends: [WeekTrend] = []
        for week in 0..<stretch.weeks {
            let first = start.adding(days: 7 * week)
            let weekDays = (0..<7).map { first.adding(days: $0) }
            let (year, number) = ISOWeek.week(of: weekDays.first { $0.weekday == .monday }!)
            let report = try app.reviewWeek(ReviewWeek.Input(week: .iso(year: year, week: number)))
            let review = report.review
            expectEqual(review.firstDay, first)
            expectEqual(review.firstDay.weekday, stretch.firstWeekday)
            let week = weekDays.compactMap { logs[$0] }
            for region in Region.allCases {
                let expected = week.reduce(Tally()) { $0 + ($1.mustDos[region] ?? Tally()) }
                expectEqual(review.mustDos[region], expected, "\(first) \(region)")
            }
            let mustDos = week.reduce(Tally()) { $0 + $1.mustDos.values.reduce(Tally(), +) }
            expectEqual(review.mustDosInAll, mustDos, "\(first)")
            for bucket in [Bucket.mustDo, .complementary, .misc, nil] {
                expectEqual(review.doneByBucket[bucket] ?? 0, week.reduce(0) { $0 + ($1.done[bucket] ?? 0) }, "\(first) \(String(describing: bucket))")
            }
            expectEqual(review.doneCount, week.reduce(0) { $0 + $1.done.values.reduce(0, +) })
            for reason in DeferralReason.allCases {
                expectEqual(review.deferralsByReason[reason] ?? 0, week.reduce(0) { $0 + ($1.deferrals[reason] ?? 0) }, "\(first) \(reason)")
            }
            let deferrals = week.reduce(0) { $0 + $1.deferrals.values.reduce(0, +) }
            expectEqual(review.deferralCount, deferrals)
            // The garage slips every day from the second on: it is listed in every week with its count then.
            let garageRow = try #require(review.slipping.first { $0.taskID == garage.id })
            expectEqual(garageRow.deferralCount, days)
            expectTrue(review.slipping.allSatisfy { $0.deferralCount >= 3 })
            expectEqual(review.focusByDay.map(\.day), weekDays)
            expectEqual(review.focusByDay.map(\.seconds), weekDays.map { logs[$0]?.focusSeconds ?? 0 }, "\(first)")
            let doneIDs = Set(review.estimates.map(\.taskID))
            let expectedIDs = Set(expectedEstimates.keys.filter { id in
                try! app.store.taskRepository.task(id: id).flatMap(\.completedAt).map { app.calendar.logicalDay(at: $0) }
                    .map { weekDays.contains($0) } ?? false
            })
            expectEqual(doneIDs, expectedIDs)
            for line in review.estimates {
                expectEqual(line.effortMinutes, expectedEstimates[line.taskID]?.effort)
                expectEqual(line.actualSeconds, expectedEstimates[line.taskID]?.actual)
            }
            expectEqual(review.anchors, week.reduce(Tally()) { $0 + $1.anchors }, "\(first)")
            let read = try #require(report.habits.first { $0.habit.id == habit.id })
            expectEqual(read.cells.map(\.date), weekDays)
            expectEqual(read.cells.filter { $0.state == .complete }.count, week.filter(\.habitDone).count)
            expectTrue(!read.read.isEmpty)
            expectedTrends.append(WeekTrend(firstDay: first, mustDos: mustDos, focusSeconds: week.reduce(0) { $0 + $1.focusSeconds },
                                            deferrals: deferrals))
        }

        // The trends end with the current week (the day after the stretch, nothing in it but its rollover).
        let trends = try app.trends(ReadTrends.Input(weeks: stretch.weeks + 1)).weeks
        expectEqual(Array(trends.dropLast()), expectedTrends)
        expectEqual(trends.last?.firstDay, after)
        expectEqual(trends.last?.mustDos, Tally())
    }
}

extension ReviewWeekUseCaseTests.DayLog {
    mutating func merge(_ other: Self) {
        for (region, tally) in other.mustDos { mustDos[region, default: Tally()] = mustDos[region, default: Tally()] + tally }
        for (bucket, count) in other.done { done[bucket, default: 0] += count }
        for (reason, count) in other.deferrals { deferrals[reason, default: 0] += count }
        focusSeconds += other.focusSeconds
        anchors = anchors + other.anchors
        habitDone = habitDone || other.habitDone
    }
}
