import CharflowCore
import Foundation

/// What records signals and reminders as shown: the nudge log, and the notices a rollover or a
/// settlement leaves pending (spec D11, rule A-2).
///
/// Recording is no action: nothing to undo, and the undo history stays as it was.
package struct SignalRepository {
    let store: Store
    var db: Database { store.db }

    /// Whether the nudge log holds `kind` for `subject` in `period`.
    package func isRecorded(kind: String, subject: String, period: String) throws -> Bool {
        try db.scalar("SELECT count(*) FROM nudge_log WHERE kind = ? AND subject = ? AND period = ?",
                      [.text(kind), .text(subject), .text(period)])?.int != 0
    }

    /// Of `signals`, those the nudge log has not recorded for `period`, with their marks.
    package func unshown(_ signals: [Signal], period: String) throws -> [PendingSignal] {
        try signals.compactMap { signal in
            let subject = signal.seenSubject
            guard try !isRecorded(kind: signal.kind, subject: subject, period: period) else { return nil }
            return PendingSignal(signal: signal, seen: .nudge(kind: signal.kind, subject: subject, period: period))
        }
    }

    /// The importance-eased notices rollovers left, not yet shown.
    package func pendingEased() throws -> [PendingSignal] {
        try easedTasks().map { PendingSignal(signal: .importanceEased(task: $0), seen: .eased($0)) }
    }

    /// Tasks the rollover's automatic deferral eased to low, not yet told to the user.
    private func easedTasks() throws -> [UUID] {
        let text = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.pendingEasedKey)])?.text ?? ""
        return text.split(separator: ",").compactMap { UUID(recordText: String($0)) }
    }

    /// Leaves the notice that the rollover eased `tasks`, to be told once.
    package func leaveEased(_ tasks: [UUID]) throws {
        try store.writeSetting(Store.pendingEasedKey, (try easedTasks() + tasks).map(\.lowercasedText).joinedText(separator: ","))
    }

    /// Leaves the notice that two timers were settled, to be told once.
    package func leaveTwoTimersNotice() throws {
        try store.writeSetting(Store.twoTimersNoticeKey, store.nowText)
    }

    /// Offers the session `id` (the rollover closed it) back on the next Today.
    package func offerSession(_ id: UUID) throws {
        try store.writeSetting(Store.offerSessionKey, id.lowercasedText)
    }

    /// Whether a two-timers settlement left its notice and it has not been shown.
    package func twoTimersNoticeLeft() throws -> Bool {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.twoTimersNoticeKey)]) != nil
    }

    /// When the rollover that offered the session ran: the offer stands on that logical day only.
    package func offeredSessionAt() throws -> Date? {
        try db.scalar("SELECT modified_at FROM settings WHERE key = ?", [.text(Store.offerSessionKey)])?.text
            .flatMap(Instant.parseStorageText)
    }

    /// The id text of the session the last rollover closed and offered to pick back up, if any.
    package func offeredSession() throws -> String? {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.offerSessionKey)])?.text
    }

    /// Records what a person was shown, in one transaction; marks already recorded change nothing.
    package func record(_ marks: [SeenMark]) throws {
        guard !marks.isEmpty else { return }
        let now = store.nowText
        try db.write {
            for mark in marks {
                switch mark {
                case let .nudge(kind, subject, period):
                    guard try !isRecorded(kind: kind, subject: subject, period: period) else { continue }
                    try db.run("INSERT INTO nudge_log (id, kind, subject, period, shown_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)",
                               [.text(UUID().lowercasedText), .text(kind), .text(subject), .text(period), .text(now), .text(now)])
                case .eased(let id):
                    let rest = try easedTasks().filter { $0 != id }
                    if rest.isEmpty {
                        try db.run("DELETE FROM settings WHERE key = ?", [.text(Store.pendingEasedKey)])
                    } else {
                        try store.writeSetting(Store.pendingEasedKey, rest.map(\.lowercasedText).joinedText(separator: ","))
                    }
                case .twoTimers:
                    try db.run("DELETE FROM settings WHERE key = ?", [.text(Store.twoTimersNoticeKey)])
                }
            }
        }
    }
}

extension Store {
    /// What records signals and reminders as shown.
    package var signals: SignalRepository {
        SignalRepository(store: self)
    }
}
