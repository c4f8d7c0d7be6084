import Foundation

/// How much of an id a person is shown: the first 8 characters, or more when another record's id
/// begins with the same 8, until the prefix is its own (issue 40: imported tasks whose ids shared a
/// prefix all showed the same 8 characters, which no command could then resolve).
public enum ShortID {
    /// The fewest characters shown.
    public static let minimum = 8

    /// The shortest prefix of `id`'s text of at least `minimum` characters that no id of `neighbours`
    /// begins with; the neighbours are the ids just before and after it in text order, the only ones
    /// that can share its longest prefix. A cut that would end on a hyphen takes the next character too.
    public static func shortest(_ id: UUID, neighbours: [String]) -> String {
        let text = id.lowercasedText
        let shared = neighbours.map { commonPrefixLength(text, $0) }.max() ?? 0
        var length = max(minimum, shared + 1)
        let characters = Array(text.utf8)
        if length < characters.count, characters[length - 1] == UInt8(ascii: "-") { length += 1 }
        return String(decoding: characters.prefix(length), as: UTF8.self)
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
