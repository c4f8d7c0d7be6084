/// A time-of-day region of the day board. The Backlog is not a region: it is `region == nil`.
public enum Region: String, CaseIterable, Sendable, Comparable {
    case morning, afternoon, evening

    /// "Morning", as the board and its messages name it.
    public var displayName: String {
        switch self {
        case .morning: "Morning"
        case .afternoon: "Afternoon"
        case .evening: "Evening"
        }
    }

    public static func < (lhs: Region, rhs: Region) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A task's role in one day's region: one big thing, three medium, five small.
public enum Bucket: String, CaseIterable, Sendable, Comparable {
    case mustDo, complementary, misc

    /// How many tasks of this bucket one region holds (the 1–3–5 rule).
    public var limit: Int {
        switch self {
        case .mustDo: 1
        case .complementary: 3
        case .misc: 5
        }
    }

    public var displayName: String {
        switch self {
        case .mustDo: "Must-Do"
        case .complementary: "Complementary"
        case .misc: "Misc"
        }
    }

    /// Accepts the command line's words: `must`, `must-do`, `mustDo`, `complementary`, `misc`.
    public init?(word: String) {
        switch word.lowercased() {
        case "must", "must-do", "mustdo": self = .mustDo
        case "complementary": self = .complementary
        case "misc": self = .misc
        default: return nil
        }
    }

    public static func < (lhs: Bucket, rhs: Bucket) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Region: WordValue {
    /// `morning`, `afternoon` or `evening`, in any case.
    public static func reading(_ word: String) throws -> Region {
        guard let region = Region(rawValue: word.lowercased()) else {
            throw InputError.invalidWord(what: "region", given: word, expected: "morning, afternoon or evening")
        }
        return region
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}

extension Bucket: WordValue {
    /// `must`, `complementary` or `misc` (and the other spellings of `init(word:)`).
    public static func reading(_ word: String) throws -> Bucket {
        guard let bucket = Bucket(word: word) else {
            throw InputError.invalidWord(what: "bucket", given: word, expected: "must, complementary or misc")
        }
        return bucket
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
