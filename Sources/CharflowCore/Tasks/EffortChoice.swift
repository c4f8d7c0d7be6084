/// An effort estimate as a person gives it: minutes on the 15-minute grid up to eight hours, or none.
///
/// On the command line `--effort 30` or `--effort none`; in a request body a whole number, or `null`
/// for none.
public struct EffortChoice: WordValue, NullMeaningful, Equatable {
    /// The estimate; nil is "no estimate".
    public var minutes: Int?

    public init(minutes: Int?) {
        self.minutes = minutes
    }

    public static func reading(_ word: String) throws -> EffortChoice {
        EffortChoice(minutes: try Effort.parse(word))
    }

    /// A body's whole number of minutes, checked as the word is, or `null` for none.
    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { $0.decodeNil() ? Self(minutes: nil) : try Self.reading(String(try $0.decode(Int.self))) }
    }
}
