import CharflowCore
import Foundation

/// Signals and reminders waiting to be shown, read without writing; a front end marks what a person
/// saw with `markSeen` (spec D11, D16, rule A-2).
extension Planner {
    /// What records a signal or reminder as shown, so it is not shown again in its period.
    public enum SeenMark: Sendable, Hashable {
        /// A row of the nudge log: this kind, for this subject ("" for none), in this period.
        case nudge(kind: String, subject: String, period: String)
        /// An importance-eased notice left by a rollover for this task.
        case eased(UUID)
        /// The quiet line about two timers.
        case twoTimers
    }

    /// A signal not yet shown, with the mark that records it as shown.
    public struct PendingSignal: Sendable {
        public let signal: Signal
        public let seen: SeenMark
    }

    /// Records what a person was shown, in one transaction; marks already recorded change nothing.
    public func markSeen(_ marks: [SeenMark]) throws {
        guard !marks.isEmpty else { return }
        // Not an action: nothing to undo, and the undo history stays as it was.
        try db.write {
            for mark in marks {
                switch mark {
                case let .nudge(kind, subject, period):
                    guard try !isRecorded(kind: kind, subject: subject, period: period) else { continue }
                    try db.run("INSERT INTO nudge_log (id, kind, subject, period, shown_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)",
                               [.text(UUID().lowercasedText), .text(kind), .text(subject), .text(period), .text(nowText),
                                .text(nowText)])
                case .eased(let id):
                    let rest = try pendingEased().filter { $0 != id }
                    if rest.isEmpty {
                        try db.run("DELETE FROM settings WHERE key = ?", [.text(Planner.pendingEasedKey)])
                    } else {
                        try writeSetting(Planner.pendingEasedKey, rest.map(\.lowercasedText).joined(separator: ","))
                    }
                case .twoTimers:
                    try db.run("DELETE FROM settings WHERE key = ?", [.text(Planner.twoTimersNoticeKey)])
                }
            }
        }
    }

    /// Of `signals`, those the nudge log has not recorded for `period`, with their marks.
    func unshown(_ signals: [Signal], period: String) throws -> [PendingSignal] {
        try signals.compactMap { signal in
            let subject = signal.subject.map(\.lowercasedText) ?? ""
            guard try !isRecorded(kind: signal.kind, subject: subject, period: period) else { return nil }
            return PendingSignal(signal: signal, seen: .nudge(kind: signal.kind, subject: subject, period: period))
        }
    }

    func isRecorded(kind: String, subject: String, period: String) throws -> Bool {
        try db.scalar("SELECT count(*) FROM nudge_log WHERE kind = ? AND subject = ? AND period = ?",
                      [.text(kind), .text(subject), .text(period)])?.int != 0
    }

}
