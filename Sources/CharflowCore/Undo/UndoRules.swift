import Foundation

/// What an undo must not make worse: a bucket over 1–3–5 (B-4, D2), two running timers (S-7), more
/// than eight active categories (T-7).
///
/// An undo of one named action puts it back past later ones (W-15), so what it restores can meet what
/// they made. A rule already broken before the undo (a merge, rule Y-9) is not the undo's doing: only
/// a count that grew past its limit refuses.
public enum UndoRules {
    /// One bucket of one region on one day's board.
    public struct Place: Hashable, Sendable {
        public let day: LocalDay
        public let region: Region
        public let bucket: Bucket

        public init(day: LocalDay, region: Region, bucket: Bucket) {
            self.day = day
            self.region = region
            self.bucket = bucket
        }
    }

    /// What the rules count, read before an undo reverts its rows and again after.
    public struct Counts: Sendable, Equatable {
        /// The tasks placed in each bucket of today's board and later ones, done ones included (B-5),
        /// dropped ones not.
        public var placed: [Place: Int]
        public var liveSessions: Int
        public var activeCategories: Int

        public init(placed: [Place: Int] = [:], liveSessions: Int = 0, activeCategories: Int = 0) {
            self.placed = placed
            self.liveSessions = liveSessions
            self.activeCategories = activeCategories
        }
    }

    /// The refusal of an undo that took the store from `before` to `after`, or nil when it broke no
    /// rule that held.
    ///
    /// Of several buckets it overfilled, the refusal names the first in board order (Morning,
    /// Afternoon, Evening; in each, Must-Do, Complementary, Misc), so the same store always gets the
    /// same words, whatever order the counts were read in.
    public static func refusal(before: Counts, after: Counts) -> PlannerError? {
        let overfilled = after.placed.filter { place, count in count > place.bucket.limit && count > before.placed[place] ?? 0 }
        if let place = overfilled.keys.min(by: { ($0.region, $0.bucket, $0.day) < ($1.region, $1.bucket, $1.day) }) {
            return .regionFull(place.region)
        }
        if after.liveSessions > 1, after.liveSessions > before.liveSessions { return .undoSecondTimer }
        if after.activeCategories > TaskCategory.maxActive, after.activeCategories > before.activeCategories {
            return .tooManyCategories
        }
        return nil
    }
}
