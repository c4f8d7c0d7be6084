import CharflowCore
import CharflowApp
import CharflowAppSetup
import CharflowStore
import Foundation

/// What a front end does when it shows signals to a person: read what is pending, then mark it seen.
/// The store tests check "shown once" through these, as the text Today does through the app layer.
extension Store {
    func takeHabitSignals() throws -> [Signal] { try shown(try app.pendingHabitSignals()) }
    func takeEasedSignals() throws -> [Signal] { try shown(try signals.pendingEased()) }

    func takeOfferedTask() throws -> TaskItem? {
        guard let offer = try app.pendingOfferedTask() else { return nil }
        try signals.record([offer.signal.seen])
        return offer.task
    }

    func takeReminders() throws -> [Reminder] {
        let pending = try app.pendingReminders()
        try signals.record(pending.map(\.seen))
        return pending.map(\.reminder)
    }

    private func shown(_ pending: [PendingSignal]) throws -> [Signal] {
        try signals.record(pending.map(\.seen))
        return pending.map(\.signal)
    }
}
