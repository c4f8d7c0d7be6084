import Foundation

/// When a counted or timed day reached its target, judged from the steps that make its amount (spec
/// D18, rule Y-6): the increments of a counted day, the closed sessions of a timed one.
///
/// Two devices that hold the same steps compute the same moment, whatever order the steps arrived
/// in: the steps are taken in time order (ties by id), and the day counts as complete from the step
/// after which it stayed complete. So an undo that takes the day below its target clears the moment,
/// and the step that brings it back sets a new one.
public enum HabitCompletion {
    /// One step of a day's amount: when it was made, its id (for ties), and how much it added.
    public struct Step: Sendable, Equatable {
        public let at: Date
        public let id: String
        public let amount: Int

        public init(at: Date, id: String, amount: Int) {
            self.at = at
            self.id = id
            self.amount = amount
        }
    }

    /// The day's amount from its steps: their sum, or for a timed day the sum of seconds in whole
    /// minutes (rounded half away from zero, as a timed day always counts). A binary day is ticked
    /// (1) while its steps sum to one or more: two devices that both ticked it leave it ticked when one
    /// takes its own tick back.
    public static func amount(_ steps: [Step], kind: HabitKind) -> Int {
        let sum = steps.reduce(0) { $0 + $1.amount }
        return switch kind {
        case .timed: minutes(seconds: sum)
        case .binary: min(1, max(0, sum))
        case .counted, .avoid: sum
        }
    }

    /// The moment the day became complete and stayed so, or nil when it is not complete.
    public static func completedAt(_ steps: [Step], target: Int, kind: HabitKind) -> Date? {
        let ordered = steps.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        var sum = 0
        var since: Date?
        for step in ordered {
            sum += step.amount
            let amount = kind == .timed ? minutes(seconds: sum) : sum
            if HabitRules.isComplete(amount: amount, target: target) {
                since = since ?? step.at
            } else {
                since = nil
            }
        }
        return since
    }

    /// Seconds of work as whole minutes, half a minute rounding up: the one rounding of a timed day.
    public static func minutes(seconds: Int) -> Int {
        Int((Double(seconds) / 60).rounded(.toNearestOrAwayFromZero))
    }
}
