/// A value a person gives as one word: a region, a quick date, an id prefix, an effort.
///
/// Each is read by one function, `reading`, which every front end reaches: the command line for its
/// words and options, the web for a request's text fields and a read's query. A word not of the form is
/// refused there, before anything is opened, with an `InputError` naming what was expected (a number's
/// `UsageRefusal.notANumber` leaves the option's name to the reader that knows it). In a request body
/// such a value is JSON text; a value whose body form is a JSON number (an effort, a position) decodes
/// itself from that instead (`init(from:)`), under the same rule.
public protocol WordValue: Decodable, Sendable {
    /// The value `word` names; refused when the word is not of its form.
    static func reading(_ word: String) throws -> Self
}

extension WordValue {
    /// A request body's text read as the word it is.
    public init(from decoder: any Decoder) throws {
        self = try Self.decodingWord(from: decoder)
    }

    /// The single text `decoder` holds, read as the word it is: the body form of most word values, and
    /// the one a type whose `Decodable` comes from elsewhere (a raw value) names explicitly.
    public static func decodingWord(from decoder: any Decoder) throws -> Self {
        try decoding(decoder) { try reading(try $0.decode(String.self)) }
    }

    /// The value `decoder` holds, for every `init(from:)` of a word value: the given word read by
    /// `reading` when there is one, else `bodyForm`'s reading of a request body's single value.
    public static func decoding(_ decoder: any Decoder,
                                bodyForm: (any SingleValueDecodingContainer) throws -> Self) throws -> Self {
        if let word = givenWord(decoder) { return try reading(word) }
        return try bodyForm(try decoder.singleValueContainer())
    }

    /// The word a person gave, when `decoder` reads one (the command line's, a read's query), which is
    /// read by `reading` whatever the body form is; nil for a request body. Every `init(from:)` of a
    /// word value asks this first (through `decoding`).
    public static func givenWord(_ decoder: any Decoder) -> String? {
        decoder.userInfo[.givenWord] as? String
    }
}

extension CodingUserInfoKey {
    /// Where a decoder of words puts the word it holds (`WordValue.givenWord`). A key, not a cast to
    /// `WordValue`: the runtime answers a cast to a protocol by searching every conformance in the
    /// binary, once a type and process (about 250,000 instructions a command; docs/performance.md).
    public static let givenWord = CodingUserInfoKey(rawValue: "charflow.givenWord")!
}

/// A field type for which a body's `null` says something (none, clear it) rather than nothing.
///
/// A request body's `"effort": null` clears the estimate, where `null` for most fields is the same as
/// leaving the field out.
public protocol NullMeaningful {}
