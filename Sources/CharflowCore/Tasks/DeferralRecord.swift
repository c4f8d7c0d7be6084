import Foundation

/// One push of a task to a later day (`task.md`, DeferralRecord).
public struct DeferralRecord: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var taskID: UUID
    /// When the user or the engine deferred it.
    public var deferredOn: Date
    /// The logical day this deferral counts for: with the task, at most one record per day.
    public var day: LocalDay
    /// nil is Someday.
    public var deferredTo: LocalDay?
    public var reason: DeferralReason
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), taskID: UUID, deferredOn: Date, day: LocalDay, deferredTo: LocalDay?,
        reason: DeferralReason, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.taskID = taskID
        self.deferredOn = deferredOn
        self.day = day
        self.deferredTo = deferredTo
        self.reason = reason
        self.modifiedAt = modifiedAt ?? deferredOn
    }
}

/// Why a task was deferred; `unspecified` marks the engine's automatic deferral at rollover.
public enum DeferralReason: String, CaseIterable, Sendable {
    case tooMuch, notReady, noLonger, reschedule, unspecified
}

extension TaskItem {
    /// Counts one deferral on the task; from the third on, an important task is eased to low (`task.md`,
    /// Importance rule 3, so a task raised again after easing is eased again when it next slips).
    /// Returns true when it was eased, so the caller can say so.
    @discardableResult
    public mutating func countDeferral(now: Date) -> Bool {
        deferralCount += 1
        modifiedAt = now
        if isStale, importance.isImportant {
            importance = .low
            return true
        }
        return false
    }
}

extension DeferralReason: WordValue {
    /// A reason chip as the command line writes it: `too-much`, `not-ready` or `no-longer`.
    ///
    /// `reschedule` and `unspecified` are the engine's own; nobody gives them.
    public static func reading(_ word: String) throws -> DeferralReason {
        switch word.lowercased() {
        case "too-much", "toomuch": return .tooMuch
        case "not-ready", "notready": return .notReady
        case "no-longer", "nolonger": return .noLonger
        default:
            throw InputError.invalidWord(what: "reason", given: word, expected: "too-much, not-ready or no-longer")
        }
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
