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
        try reading(try decoder.singleValueContainer().decode(String.self))
    }
}

/// A field type for which a body's `null` says something (none, clear it) rather than nothing.
///
/// A request body's `"effort": null` clears the estimate, where `null` for most fields is the same as
/// leaving the field out.
public protocol NullMeaningful {}
