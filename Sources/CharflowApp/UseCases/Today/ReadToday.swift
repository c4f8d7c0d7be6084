import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Today, read without changing anything: every signal of Today is gathered here, once.
    public func readToday() throws -> TodayReport {
        let view = try todayView()
        var pending = try taskSignals(view)
        let session = try store.sessions.live()
        let sessionName = try session.map(subjectName(of:))
        // The offer to pick a carried session back up is a row of Today while it stands; as a signal it
        // is listed until seen.
        let offered = session == nil ? try offeredTask() : nil
        if offered != nil, let offer = try pendingOfferedTask() { pending.append(offer.signal) }
        if let notice = try pendingTwoTimersNotice() { pending.append(notice) }
        pending += try store.signals.pendingEased()
        pending += try pendingHabitSignals()
        // Free time counts every task placed today, as the room does, whatever the Today filter shows.
        let placed = try store.categories.todayFilter() == nil ? view.board : try board(on: today)
        let time = try dayTime(on: today, board: placed)
        // A region planned past its free time is said once per region and day (F-14).
        pending += try store.signals.unshown(time.free.overPlanned, period: today.description)
        // Paused habits are hidden from Today; a weekly target shows until met, then as done.
        let allHabitDays = try habitDays()
        let habitDays = allHabitDays.filter { $0.pause == nil && ($0.isDueToday || $0.isDoneToday) }
        var titles = Dictionary((view.board.allTasks + view.due + view.overdue + [offered].compactMap { $0 }).map { ($0.id, $0.title) },
                                uniquingKeysWith: { first, _ in first })
        // Every habit's name, not only today's: a habit's signal on a day it is not due still names it.
        for day in allHabitDays { titles[day.habit.id] = day.habit.title }
        for signal in pending.map(\.signal) {
            if let id = signal.subject, titles[id] == nil, let task = try store.taskRepository.task(id: id) {
                titles[id] = task.title
            }
        }
        // A region over 1–3–5 after a merge is said while it stands, so it is never marked seen (Y-9).
        let phrased = pending.map { PhrasedSignal($0.signal, title: $0.signal.subject.flatMap { titles[$0] }) }
            + view.board.regions.compactMap(\.overLimit).map { PhrasedSignal($0, title: nil) }
        return TodayReport(view: view, signals: phrased, seen: pending.map(\.seen), session: session, sessionName: sessionName,
                           offered: offered, habits: habitDays, habitOffers: try standingHabitOffers(), filter: try store.categories.todayFilter()?.name,
                           lockComplementary: settings.lockComplementary, time: time, app: self)
    }

    /// The engine's signals about today's tasks, the Backlog and the habits' reads that were not shown in
    /// their period: the prioritisation prompt once a day; slipping tasks, an old Backlog and a lighter
    /// cadence once a week (P-5, T-14, T-18, H-18).
    private func taskSignals(_ view: TodayView) throws -> [PendingSignal] {
        let signals = TodaySignals.tasks(plan: try store.planning.plannedTasks(on: today), view: view, today: today)
        var result = try store.signals.unshown(signals.filter { $0.kind == "prioritisationPrompt" }, period: today.description)
        var weekly = signals.filter { $0.kind != "prioritisationPrompt" }
        let older = try olderBacklogCount()
        if older >= BacklogAge.olderTasks { weekly.append(.backlogGrowingOld(count: older)) }
        for day in try habitDays() where day.pause == nil {
            guard let window = day.windows.first?.window else { continue }
            let history = try history(of: window, habit: day.habit, from: today.adding(days: -DensityRead.windowDays),
                                              through: today)
            let numbers = DensityRead.numbers(history, today: today, calendar: calendar)
            if let schedule = history.schedule(on: today),
               let (current, suggested) = DensityRead.suggestion(numbers, schedule: schedule, kind: day.habit.kind) {
                weekly.append(.densityRead(habit: day.habit.id, current: current, suggested: suggested))
            }
        }
        result += try store.signals.unshown(weekly, period: calendar.startOfWeek(containing: today).description)
        return result
    }
}
