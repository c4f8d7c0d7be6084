/// Helpers for the prayer settings' words: how a refusal lists them, and how typed values are trimmed.
enum PrayerWords {
    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joinedText(separator: ", ") + " or " + words.last!
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
