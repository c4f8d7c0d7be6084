import Foundation

/// Whether a person was at an anchor's occurrence.
public enum AnchorOutcome: String, CaseIterable, Sendable {
    case attended, missed
}

/// A person's mark of an anchor on one logical day (spec D22, rule F-4): attended or missed, with when
/// they said so.
///
/// Its id derives from (anchor, day), so two devices' marks of the same occurrence are one record and
/// the later mark wins. On a sync device, undoing the first mark of a day keeps the record with no
/// outcome: its id stays the one every device derives. A day with no outcome is "not marked", never
/// taken as either.
public struct AnchorResolution: Sendable, Equatable {
    public var id: UUID
    public var anchorID: UUID
    public var day: LocalDay
    /// nil once the mark was taken back.
    public var outcome: AnchorOutcome?
    public var resolvedAt: Date?
    public var modifiedAt: Date

    public init(id: UUID, anchorID: UUID, day: LocalDay, outcome: AnchorOutcome?, resolvedAt: Date?, modifiedAt: Date) {
        self.id = id
        self.anchorID = anchorID
        self.day = day
        self.outcome = outcome
        self.resolvedAt = resolvedAt
        self.modifiedAt = modifiedAt
    }
}

/// Which days an anchor can be marked on (rule F-4): today and the 13 days before it, from the day the
/// anchor was made, on the days its timing asks for; never a day to come.
public enum AnchorMarking {
    /// How many days back a mark may go, today included: the same fortnight a habit's log may correct.
    public static let days = HabitRules.correctableDays

    /// Refuses a mark of `anchor` (made on `firstDay`) for `day`, as of `today`.
    public static func check(_ anchor: Anchor, day: LocalDay, firstDay: LocalDay, today: LocalDay) throws(PlannerError) {
        if anchor.isArchived { throw .anchorArchived(anchor.title) }
        if day > today { throw .futureDay(day) }
        if day.days(to: today) >= days { throw .correctionTooOld(day) }
        if day < firstDay { throw .beforeAnchorExisted(day, first: firstDay) }
        if !anchor.isScheduled(on: day) { throw .anchorNotScheduledOn(day) }
    }
}
