/// One typed line of quick add, read into a task's title and the fields its tokens name (rule W-9).
///
/// `Call the bank !high ~30m @tomorrow #Work`: `!low|!medium|!high` is the importance, `~30m`, `~1h`,
/// `~1h30m` or `~90` the effort, `@today|@tomorrow|@later-this-week|@next-week|@someday|@YYYY-MM-DD` the
/// quick date and `#Name` the category. Tokens stand anywhere in the line, each kind at most once; every
/// other word is the title. A backslash before a sigil keeps it as text (`\#1` is the title word `#1`), and
/// a sigil standing alone is text too. Inside a word, `\ ` is a space that does not end it and `\\` is one
/// backslash, so `#Side\ Project` names the category "Side Project". A word that starts with a sigil but
/// names nothing is refused, so a mistyped token is never silently filed into the title. The line is one
/// line of plain text (`TextRules`): a control or direction character inside it is refused.
public struct QuickAddLine: Sendable, Equatable {
    /// What a recognised token sets.
    public enum Kind: String, Sendable, Equatable {
        case importance, effort, due, category
    }

    /// A recognised token: its kind, the word as typed and the value it stands for (as the CLI's option takes it).
    public struct Token: Sendable, Equatable {
        public var kind: Kind
        public var text: String
        public var value: String
    }

    public var title: String
    public var importance: Importance?
    public var effortMinutes: Int?
    public var due: QuickDate?
    /// The quick date as typed after `@` (`tomorrow`, `2026-12-01`), for the add request.
    public var dueWord: String?
    public var category: String?
    /// The recognised tokens in the order they were typed.
    public var tokens: [Token]

    /// Reads `line`; refuses an unknown or repeated token, a bad effort, and a line with no title left.
    public static func parse(_ line: String) throws -> QuickAddLine {
        var result = QuickAddLine(title: "", tokens: [])
        try TextRules.checkLine(line.trimmingWhitespace(), .taskTitle)
        var titleWords: [String] = []
        for word in words(line) {
            guard let sigil = word.first, sigils.contains(sigil) else {
                titleWords.append(unescaped(word))
                continue
            }
            if word.count == 1 {
                titleWords.append(word)
                continue
            }
            if sigil == "\\" {
                let rest = word.dropFirst()
                // `\#`, `\@`, `\!`, `\~` keep the sigil; any other backslash is read as inside a word.
                titleWords.append(rest.first.map { tokenSigils.contains($0) } == true ? unescaped(rest) : unescaped(word))
                continue
            }
            try result.read(token: word)
        }
        result.title = try TaskText.title(titleWords.joinedText(separator: " "))
        return result
    }

    /// The characters that start a token, and the backslash that escapes one.
    private static let tokenSigils: Set<Character> = ["!", "~", "@", "#"]
    private static let sigils: Set<Character> = tokenSigils.union(["\\"])

    /// The words of `line` as typed, split at whitespace that no backslash escapes.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var characters = line.makeIterator()
        while let character = characters.next() {
            if character == "\\" {
                current.append(character)
                if let next = characters.next() {
                    if next == " " || next == "\\" { current.append(next); continue }
                    if next.isWhitespace {
                        words.append(current)
                        current = ""
                    } else {
                        current.append(next)
                    }
                }
                continue
            }
            if character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A typed word with `\ ` read as a space and `\\` as one backslash; any other backslash stays.
    static func unescaped(_ word: some StringProtocol) -> String {
        var out = ""
        var escaping = false
        for character in word {
            if escaping {
                if character != " " && character != "\\" { out.append("\\") }
                out.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    private mutating func read(token word: String) throws(InputError) {
        let body = Self.unescaped(word.dropFirst())
        switch word.first {
        case "!":
            guard let value = Importance(rawValue: body.lowercased()) else { throw .unknownToken(word) }
            try record(.importance, word, value.rawValue, set: importance == nil)
            importance = value
        case "~":
            guard let minutes = Self.minutes(body.lowercased()) else { throw .unknownToken(word) }
            let checked: Int?
            do { checked = try Effort.parse(String(minutes)) } catch { throw .badEffort(word) }
            try record(.effort, word, String(minutes), set: effortMinutes == nil)
            effortMinutes = checked
        case "@":
            guard let value = QuickDate(word: body) else { throw .unknownToken(word) }
            try record(.due, word, body.lowercased(), set: dueWord == nil)
            due = value
            dueWord = body.lowercased()
        default:
            try record(.category, word, body, set: category == nil)
            category = body
        }
    }

    private mutating func record(_ kind: Kind, _ word: String, _ value: String, set isFirst: Bool) throws(InputError) {
        guard isFirst else { throw .tokenTwice(word) }
        tokens.append(Token(kind: kind, text: word, value: value))
    }

    /// `30m`, `1h`, `1h30m` or `90` in minutes; nil for anything else.
    static func minutes(_ text: String) -> Int? {
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        if let value = number(Substring(text)) { return value }
        guard let hour = text.firstIndex(of: "h") else {
            guard text.hasSuffix("m") else { return nil }
            return number(text.dropLast())
        }
        guard let hours = number(text[..<hour]) else { return nil }
        let rest = text[text.index(after: hour)...]
        if rest.isEmpty { return hours * 60 }
        guard rest.hasSuffix("m"), let minutes = number(rest.dropLast()) else { return nil }
        return hours * 60 + minutes
    }
}

extension QuickAddLine: WordValue {
    /// The line as typed (`add --parse LINE`, a request's `parse`), read by `parse`.
    public static func reading(_ word: String) throws -> QuickAddLine {
        try parse(word)
    }
}
