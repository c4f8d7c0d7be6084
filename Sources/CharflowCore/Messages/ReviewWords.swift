/// The sentences of the week's review and the trends (R-1, R-2), in the calm voice (D15, R-3): numbers and
/// plain words, no praise and no blame.
public enum ReviewWords {
    /// "Week 2026-W10, Monday 2 March to Sunday 8 March" is the front end's; this is the Must-Do line.
    public static func mustDos(_ tally: Tally) -> String {
        tally.of == 0 ? "Must-Dos: none placed." : "Must-Dos: \(tally.done) of \(tally.of) done."
    }

    /// "Morning 1 of 2": one region's Must-Dos.
    public static func region(_ region: Region, _ tally: Tally) -> String {
        "\(region.displayName) \(tally.done) of \(tally.of)"
    }

    /// "Done: 7 tasks (2 Must-Do, 3 Complementary, 1 Misc, 1 unplaced)."
    public static func done(count: Int, byBucket: [Bucket?: Int]) -> String {
        guard count > 0 else { return "Done: no tasks." }
        let parts: [String] = (Bucket.allCases.map { Optional($0) } + [nil]).compactMap { bucket in
            guard let n = byBucket[bucket], n > 0 else { return nil }
            return "\(n) " + (bucket.map(bucketName) ?? "unplaced")
        }
        return "Done: \(tasks(count)) (" + parts.joinedText(separator: ", ") + ")."
    }

    /// "By category: Work 3, Home 2, no category 1."
    public static func categories(_ counts: [(category: String?, count: Int)]) -> String? {
        guard !counts.isEmpty else { return nil }
        return "By category: " + counts.map { "\($0.category ?? "no category") \($0.count)" }.joinedText(separator: ", ") + "."
    }

    /// "Moved: 4 deferrals (2 too much, 1 not ready, 1 at rollover)."
    public static func deferrals(count: Int, byReason: [DeferralReason: Int]) -> String {
        guard count > 0 else { return "Moved: no deferrals." }
        let parts = DeferralReason.allCases.compactMap { reason -> String? in
            guard let n = byReason[reason], n > 0 else { return nil }
            return "\(n) \(reasonName(reason))"
        }
        return "Moved: \(count) \(count == 1 ? "deferral" : "deferrals") (" + parts.joinedText(separator: ", ") + ")."
    }

    /// How many tasks a sentence names before it counts the rest ("and 4 more").
    public static let namedAtMost = 5

    /// "Deferred 3 or more times: Call the bank (4), Shop (3)." Past `namedAtMost`, the rest are counted.
    public static func slipping(_ tasks: [WeekReview.Slipping]) -> String? {
        guard !tasks.isEmpty else { return nil }
        let named = tasks.prefix(namedAtMost).map { "\($0.title) (\($0.deferralCount))" }.joinedText(separator: ", ")
        let rest = tasks.count - min(tasks.count, namedAtMost)
        return "Deferred \(Deferral.staleFromCount) or more times: " + named + (rest > 0 ? ", and \(rest) more." : ".")
    }

    /// "and 4 more estimates." after the first few lines of a list.
    public static func more(_ count: Int, _ what: String) -> String {
        "and \(count) more \(what)."
    }

    /// "Write report: estimated 30 min, took 45 min."
    public static func estimate(_ line: WeekReview.Estimate) -> String {
        "\(line.title): estimated \(Duration.text(minutes: line.effortMinutes)), took \(focus(seconds: line.actualSeconds))."
    }

    /// "Focus: 3 h 20 in all."
    public static func focusInAll(seconds: Int) -> String {
        seconds == 0 ? "Focus: no sessions." : "Focus: \(focus(seconds: seconds)) in all."
    }

    /// Focus time in words: "0 min", "45 min", "1 h 05".
    public static func focus(seconds: Int) -> String {
        Duration.text(minutes: seconds / 60)
    }

    /// "Anchors: 4 of 5 marked were attended."
    public static func anchors(_ tally: Tally) -> String {
        tally.of == 0 ? "Anchors: none marked." : "Anchors: \(tally.done) of \(tally.of) marked were attended."
    }

    /// One week of the trends: "2026-W10  Must-Dos 3 of 5 (60%)  focus 4 h 10  deferrals 2".
    public static func trendRate(_ tally: Tally) -> String {
        guard let percent = tally.percent else { return "none placed" }
        return "\(tally.done) of \(tally.of) (\(percent)%)"
    }

    /// "Nothing to look back on yet." for a stretch with no rows at all.
    public static let nothingYet = "Nothing recorded for these weeks."

    /// "usually about 45 min": a learned estimate offered (R-5).
    public static func learnedEffort(minutes: Int) -> String {
        "usually about \(Duration.text(minutes: minutes))"
    }

    static func bucketName(_ bucket: Bucket) -> String {
        switch bucket {
        case .mustDo: "Must-Do"
        case .complementary: "Complementary"
        case .misc: "Misc"
        }
    }

    static func reasonName(_ reason: DeferralReason) -> String {
        switch reason {
        case .tooMuch: "too much"
        case .notReady: "not ready"
        case .noLonger: "no longer needed"
        case .reschedule: "rescheduled"
        case .unspecified: "at rollover"
        }
    }

    static func tasks(_ count: Int) -> String {
        count == 1 ? "1 task" : "\(count) tasks"
    }
}

extension ReviewWords {
    /// "Quran · Morning: complete on 5 of 6 due days."
    public static func habitWeek(_ name: String, complete: Int, due: Int) -> String {
        due == 0 ? "\(name): nothing due." : "\(name): complete on \(complete) of \(due) due \(due == 1 ? "day" : "days")."
    }
}
