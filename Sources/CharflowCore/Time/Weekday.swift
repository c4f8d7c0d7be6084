/// A day of the week, numbered as ISO 8601 does (Monday 1 … Sunday 7).
public enum Weekday: Int, CaseIterable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public init?(isoNumber: Int) {
        self.init(rawValue: isoNumber)
    }

    /// Accepts the English name or its first three letters, any case ("mon", "Monday").
    public init?(name: String) {
        let key = name.lowercased()
        guard let match = Weekday.allCases.first(where: { $0.name == key || String($0.name.prefix(3)) == key }) else {
            return nil
        }
        self = match
    }

    public var isoNumber: Int { rawValue }

    /// The lower-case English name, as settings store it.
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    public var shortName: String {
        String(name.prefix(1).uppercased() + name.dropFirst().prefix(2))
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
