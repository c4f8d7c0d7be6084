/// A learned estimate: what earlier instances of a task actually took, offered for a task without
/// an estimate, never set unasked.
public enum LearnedEffort {
    /// How many of the latest earlier instances the median is taken over.
    public static let instances = 5

    /// Whether two titles are the same for learning: equal but for the case of ASCII letters (what the
    /// store's index folds, so the rule and the read agree). Titles are stored trimmed.
    public static func sameTitle(_ a: String, _ b: String) -> Bool {
        titleKey(a) == titleKey(b)
    }

    /// The form two titles share when `sameTitle` holds: what detected habits group by too.
    public static func titleKey(_ title: String) -> String {
        asciiLowercased(title)
    }

    static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    /// The offer, in minutes, from the actual focus seconds of the latest earlier instances, newest
    /// first: the median of those that had any focus time, rounded to the nearest 15-minute step (T-2)
    /// and kept within 15 minutes to 8 hours; nil when none had any.
    public static func minutes(newestFirst actualSeconds: [Int]) -> Int? {
        let latest = actualSeconds.prefix(instances).filter { $0 > 0 }.sorted()
        guard !latest.isEmpty else { return nil }
        let middle = latest.count / 2
        let seconds = latest.count % 2 == 1 ? Double(latest[middle]) : Double(latest[middle - 1] + latest[middle]) / 2
        let steps = (seconds / Double(Effort.step * 60)).rounded()
        return min(max(Int(steps), 1) * Effort.step, Effort.maximum)
    }
}
