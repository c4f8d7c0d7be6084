import Foundation

/// The checks a habit action makes on what it was asked, before anything is written (rule A-4).
extension HabitRules {
    /// Refuses the windows of a new habit: a label not on one line, more than `Habit.maxWindows`, or an
    /// avoid habit with more than its one all-day window.
    public static func checkNewWindows(_ specs: [WindowSpec], kind: HabitKind) throws(PlannerError) {
        for spec in specs { try checkLabel(spec.label) }
        if specs.count > Habit.maxWindows { throw .tooManyWindows }
        var labels = Set<String>()
        for spec in specs where !labels.insert(spec.label.lowercased()).inserted {
            throw .duplicateWindowLabel(spec.label)
        }
        if kind == .avoid, specs.count > 1 || specs.contains(where: { $0.start != nil || $0.end != nil }) {
            throw .avoidHasOneWindow
        }
    }

    /// Refuses a window label not on one line, or longer than `WindowSpec.maxLabelLength` (H-4).
    public static func checkLabel(_ label: String) throws(PlannerError) {
        try TextRules.checkLine(label, .windowLabel)
        if label.count > WindowSpec.maxLabelLength {
            throw .nameTooLong(.windowLabel, limit: WindowSpec.maxLabelLength, count: label.count)
        }
    }

    /// Refuses a habit name another habit has, ignoring case (archived ones included): `habit log NAME`
    /// could then name neither.
    public static func checkName(_ name: String, taken: Habit?) throws(PlannerError) {
        if let taken { throw .duplicateHabit(taken.title, archived: taken.isArchived) }
    }

    /// Refuses a weekly target on an avoid habit: it counts slips against a daily allowance, so a week
    /// of "times done" has no meaning any view could show.
    public static func checkSchedule(_ schedule: HabitSchedule, kind: HabitKind) throws(PlannerError) {
        if kind == .avoid, schedule.isWeeklyTarget { throw .avoidWeekly }
    }

    /// Refuses marking a day held when its slips are already past the allowance: the day shows as
    /// missed whatever is marked, so the mark would be stored and shown nowhere.
    public static func checkHeld(slips: Int, allowed: Int) throws(PlannerError) {
        if slips > allowed { throw .heldAfterSlips(slips: slips, allowed: allowed) }
    }

    /// Refuses a window an edit names: a label not on one line, or times of day on an avoid habit.
    public static func checkEditedWindow(_ spec: WindowSpec, kind: HabitKind) throws(PlannerError) {
        try checkLabel(spec.label)
        if kind == .avoid, spec.start != nil || spec.end != nil { throw .avoidHasOneWindow }
    }

    /// Refuses a window an edit would add: any on an avoid habit, or one past `Habit.maxWindows`.
    public static func checkAddedWindow(kind: HabitKind, windowsHeld: Int) throws(PlannerError) {
        if kind == .avoid { throw .avoidHasOneWindow }
        guard windowsHeld < Habit.maxWindows else { throw .tooManyWindows }
    }

    /// Refuses a log on an archived habit, on a day still to come, or on a day older than the last
    /// `correctableDays` (H-5).
    public static func checkLogDay(_ day: LocalDay, habit: Habit, today: LocalDay) throws(PlannerError) {
        if habit.isArchived { throw .habitArchived(habit.title) }
        if day > today { throw .futureDay(day) }
        if day < today.adding(days: -(correctableDays - 1)) { throw .correctionTooOld(day) }
    }

    /// Refuses a log on a day before the window existed.
    public static func checkExisted(_ day: LocalDay, firstDay: LocalDay) throws(PlannerError) {
        if day < firstDay { throw .beforeHabitExisted(day, first: firstDay) }
    }

    /// Refuses a pause that would end (`to`, the day it resumes) on or before the day it starts.
    public static func checkPause(from start: LocalDay, to end: LocalDay?) throws(PlannerError) {
        if let end, end <= start { throw .badPause }
    }

    /// Refuses a focus session on a habit that is not timed, or is archived.
    public static func checkTimable(_ habit: Habit) throws(PlannerError) {
        guard habit.kind == .timed else { throw .notTimed }
        if habit.isArchived { throw .habitArchived(habit.title) }
    }

    /// Refuses a group name another group already has, ignoring case (archived groups included).
    public static func checkNewGroup(_ name: String, among groups: [HabitGroup]) throws(PlannerError) {
        guard let taken = groups.first(where: { $0.title.lowercased() == name.lowercased() }) else { return }
        throw taken.isArchived ? .groupArchived(taken.title) : .duplicateGroup(name)
    }
}
