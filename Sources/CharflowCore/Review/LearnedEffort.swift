/// A learned estimate: what earlier instances of a task actually took, offered for a task without
/// an estimate, never set unasked.
public enum LearnedEffort {
    /// How many of the latest earlier instances the median is taken over.
    public static let instances = 5

    /// A title as instances are matched by: lower case, whitespace runs as one space, trimmed.
    public static func normalised(_ title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The offer, in minutes, from the actual focus seconds of earlier instances, newest first: the
    /// median of the latest five that had any focus time, rounded to the nearest 15-minute step (T-2)
    /// and kept within 15 minutes to 8 hours; nil when none had any.
    public static func minutes(newestFirst actualSeconds: [Int]) -> Int? {
        let latest = actualSeconds.filter { $0 > 0 }.prefix(instances).sorted()
        guard !latest.isEmpty else { return nil }
        let middle = latest.count / 2
        let seconds = latest.count % 2 == 1 ? Double(latest[middle]) : Double(latest[middle - 1] + latest[middle]) / 2
        let steps = (seconds / Double(Effort.step * 60)).rounded()
        return min(max(Int(steps), 1) * Effort.step, Effort.maximum)
    }
}
