/// The minutes a habit's window takes, as a person gives them: 1 to 1440, or none.
///
/// On the command line `--effort 20` or `--effort none`; in a request body a whole number, or `null`
/// for none. Unlike a task's effort it takes any minute, not only the 15-minute grid.
public struct HabitEffort: WordValue, NullMeaningful, Equatable {
    /// The minutes; nil is "no effort".
    public var minutes: Int?

    public init(minutes: Int?) {
        self.minutes = minutes
    }

    public static func reading(_ word: String) throws -> HabitEffort {
        if word.lowercased() == "none" { return HabitEffort(minutes: nil) }
        guard let minutes = Int(word), (1...1440).contains(minutes) else { throw InputError.badEffort(word) }
        return HabitEffort(minutes: minutes)
    }

    /// A body's whole number of minutes, checked as the word is, or `null` for none.
    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { $0.decodeNil() ? Self(minutes: nil) : try Self.reading(String(try $0.decode(Int.self))) }
    }
}
