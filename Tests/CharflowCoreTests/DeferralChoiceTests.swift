import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// What a front end may offer for a task's day (`Deferral.asksForDay`, `Deferral.allowsSomeday`), checked
/// against what `Deferral.move` then does with the choice: the page offers exactly what the core accepts.
@Suite struct DeferralChoiceTests {
    static let today = LocalDay(year: 2026, month: 11, day: 30)!
    static let now = Date(timeIntervalSince1970: 1_796_029_200)

    /// Live tasks of every kind that matters: no day, a past one, today, tomorrow; each deferral count
    /// from none to five; each importance; repeating or not.
    static var tasks: [TaskItem] {
        var tasks: [TaskItem] = []
        for due in [nil, today.adding(days: -1), today, today.adding(days: 1)] {
            for count in 0...5 {
                for importance in [Importance.low, .medium, .high] {
                    for kind in [RepeatKind.none, .daily] {
                        tasks.append(TaskItem(title: "Task", dueDate: due, importance: importance, deferralCount: count,
                                              repeatKind: kind, createdAt: now))
                    }
                }
            }
        }
        return tasks
    }

    static func describe(_ task: TaskItem) -> String {
        "due \(task.dueDate?.description ?? "none"), \(task.deferralCount) deferrals, \(task.importance), repeat \(task.repeatKind)"
    }

    /// Today's deferral record of `task`, when `deferredToday`: what `move` refines instead of counting.
    static func record(of task: TaskItem, deferredToday: Bool) -> DeferralRecord? {
        deferredToday ? DeferralRecord(taskID: task.id, deferredOn: now, day: today, deferredTo: today.adding(days: 1), reason: .reschedule) : nil
    }

    @Test("T-20 T-19 T-22 T-25 a deferral asks for a chosen day exactly when Deferral.move refuses one without it, deferred once today already or not, and the refusal offers Someday only when it would be taken")
    func asksForDayAgreesWithMove() {
        for task in Self.tasks {
            for deferredToday in [false, true] {
                var refused = false
                do {
                    _ = try Deferral.move(task, to: Self.today.adding(days: 7), dateChosen: false, reason: nil,
                                          todaysRecord: Self.record(of: task, deferredToday: deferredToday), today: Self.today, now: Self.now)
                } catch {
                    refused = error.asksForChosenDay
                    // The refusal names Someday among the ways on exactly when Someday would be taken.
                    if refused {
                        expectEqual((error == .pickADay), Deferral.allowsSomeday(task, deferredToday: deferredToday, today: Self.today), "\(Self.describe(task)), deferred today: \(deferredToday): \(error)")
                    }
                }
                expectEqual(Deferral.asksForDay(task, deferredToday: deferredToday, today: Self.today), refused, "\(Self.describe(task)), deferred today: \(deferredToday)")
            }
        }
        let third = TaskItem(title: "Slipping", dueDate: Self.today, deferralCount: 2, createdAt: Self.now)
        expectTrue(Deferral.asksForDay(third, deferredToday: false, today: Self.today))
        expectTrue(!Deferral.asksForDay(third, deferredToday: true, today: Self.today), "refining today's second deferral counts nothing")
        expectTrue(!Deferral.asksForDay(TaskItem(title: "Later", dueDate: Self.today.adding(days: 1), deferralCount: 4, createdAt: Self.now),
                                     deferredToday: false, today: Self.today), "a task not yet due is rescheduled, and asks nothing")
    }

    @Test("T-25 T-13 T-22 Someday is allowed exactly when Deferral.move to Someday passes: never for a repeating task, for an important one only at the deferral that eases it, never when refining today's")
    func allowsSomedayAgreesWithMove() {
        var allowedImportant = 0
        for task in Self.tasks {
            for deferredToday in [false, true] {
                var passes = true
                do {
                    _ = try Deferral.move(task, to: nil, dateChosen: true, reason: nil,
                                          todaysRecord: Self.record(of: task, deferredToday: deferredToday), today: Self.today, now: Self.now)
                } catch {
                    passes = false
                }
                expectEqual(Deferral.allowsSomeday(task, deferredToday: deferredToday, today: Self.today), passes, "\(Self.describe(task)), deferred today: \(deferredToday)")
                if passes, task.isImportant { allowedImportant += 1 }
            }
        }
        expectTrue(allowedImportant > 0, "the easing deferral lets an important task go to Someday")
        expectTrue(!Deferral.allowsSomeday(TaskItem(title: "Pay rent", dueDate: Self.today, repeatKind: .monthly, createdAt: Self.now),
                                        deferredToday: false, today: Self.today))
        expectTrue(!Deferral.allowsSomeday(TaskItem(title: "Bank", dueDate: Self.today, importance: .high, createdAt: Self.now),
                                        deferredToday: false, today: Self.today))
        expectTrue(Deferral.allowsSomeday(TaskItem(title: "Idea", createdAt: Self.now), deferredToday: false, today: Self.today))
    }
}
