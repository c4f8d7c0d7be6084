import CharflowCore

/// The store's text forms, made with integer arithmetic so they are exact (no `Date` rounding).
enum StoreText {
    static let msPerDay = 86_400_000

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// `YYYY-MM-DD` of a day ordinal (days since 1970-01-01).
    static func day(_ ordinal: Int) -> String {
        LocalDay(ordinal: ordinal).description
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` of milliseconds since the epoch (UTC).
    static func instant(_ ms: Int) -> String {
        let dayOrdinal = ms >= 0 ? ms / msPerDay : (ms - msPerDay + 1) / msPerDay
        let inDay = ms - dayOrdinal * msPerDay
        let seconds = inDay / 1000
        return day(dayOrdinal) + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":"
            + pad(seconds % 60, 2) + "." + pad(inDay % 1000, 3) + "Z"
    }

    /// `20240102T030405Z`, Taskwarrior's date form.
    static func taskwarrior(_ ms: Int) -> String {
        let text = instant(ms)
        let digits = text.prefix(19).filter { $0 != "-" && $0 != ":" }
        return digits + "Z"
    }
}

/// Titles and notes that read like a person's list, picked deterministically.
enum Vocabulary {
    static let verbs = [
        "Call", "Email", "Review", "Draft", "Finish", "Book", "Renew", "Fix", "Plan", "Order", "Pay", "Clean",
        "Write", "Read", "Prepare", "Update", "Cancel", "Schedule", "Return", "Check", "Sort", "Pick up", "Submit",
        "Research", "Back up", "Reply to", "Organise", "Print", "Sign", "Ask about",
    ]
    static let objects = [
        "the dentist", "project proposal", "quarterly budget", "passport", "the leaking tap", "team offsite",
        "groceries", "electricity bill", "the garage", "blog post", "chapter 4", "slides for Monday",
        "insurance renewal", "gym membership", "library books", "the car service", "photos", "tax documents",
        "mum's birthday present", "the landlord", "the release notes", "code review", "design doc", "invoices",
        "flight to Lisbon", "the kids' school forms", "warranty claim", "bank statement", "the laptop", "garden hose",
        "conference talk", "onboarding checklist", "pull request 482", "the plumber", "wedding RSVP", "vet appointment",
    ]
    static let tails = ["", "", "", "", " before Friday", " for next week", " (again)", " — quick", " with Sam", " and file it"]

    static let notes = [
        "Waiting on a reply from Alex.", "Link is in the shared drive.", "Needs the receipt from March.",
        "Ask for the reference number.", "Bring the blue folder.", "Only after the meeting.",
    ]

    static func title(_ rng: inout SplitMix64) -> String {
        rng.pick(verbs) + " " + rng.pick(objects) + rng.pick(tails)
    }

    static func note(_ rng: inout SplitMix64, checklist: Bool) -> String {
        if checklist {
            return "- [x] " + rng.pick(objects) + "\n- [ ] " + rng.pick(objects) + "\n- [ ] " + rng.pick(objects)
        }
        return rng.pick(notes)
    }
}
