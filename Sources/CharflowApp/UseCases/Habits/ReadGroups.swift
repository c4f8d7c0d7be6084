import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Read the habit groups, each with today's ring and its 14-day strip. Reading writes nothing.
    public func readGroups() throws -> HabitGroupsReport {
        let summaries = try store.habitRecords.groups(includeArchived: false).map(groupSummary)
        return HabitGroupsReport(added: nil, archived: nil, summaries: summaries, json: .object([("groups", .array(summaries.map { summary in
            .object([
                ("id", .string(summary.group.id.lowercasedText)), ("title", .string(summary.group.title)),
                ("percentToday", .int(summary.percentToday)), ("doneToday", .int(summary.doneToday)),
                ("dueToday", .int(summary.dueToday)),
                ("days", .array(summary.days.map { .object([("date", .string($0.date.description)),
                                                             ("share", $0.share.map { .int(Int(($0 * 100).rounded())) } ?? .null)]) })),
            ])
        }))]))
    }

    /// A group's card: its habits due and done today, and per day of the last 14 the share of its due
    /// habits done, counted alike (`GroupTally`) so today's strip cell is the ring.
    func groupSummary(_ group: HabitGroup) throws -> HabitGroupSummary {
        let members = try habits().filter { $0.groupID == group.id }
        let start = today.adding(days: -13)
        var due = Array(repeating: 0, count: 14), done = Array(repeating: 0, count: 14)
        for habit in members {
            var cells = Array(repeating: [DensityCell](), count: 14)
            var weekly = Array(repeating: false, count: 14)
            for window in try store.habitRecords.windows(of: habit.id) {
                let history = try history(of: window, habit: habit, from: start, through: today)
                for (index, cell) in history.cells(from: start, through: today, today: today).enumerated() {
                    cells[index].append(cell)
                    weekly[index] = history.schedule(on: cell.date)?.isWeeklyTarget ?? false
                }
            }
            for index in 0..<13 {
                let mark = GroupTally.pastDay(cells[index], weeklyTarget: weekly[index])
                if mark.counts { due[index] += 1 }
                if mark.done { done[index] += 1 }
            }
            let mark = GroupTally.today(try habitDay(habit))
            if mark.counts { due[13] += 1 }
            if mark.done { done[13] += 1 }
        }
        let days = (0..<14).map { index in
            (start.adding(days: index), due[index] == 0 ? nil : Double(done[index]) / Double(due[index]))
        }
        return HabitGroupSummary(group: group, doneToday: done[13], dueToday: due[13], days: days)
    }
}
