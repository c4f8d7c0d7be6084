/// JSON string literals, written once for every document Charflow makes (reports, backups, the web's
/// bodies, what a device sends its hub).
///
/// Bytes from 0x7F up may be DEL or a C1 control: those are escaped too, so JSON printed on a
/// terminal carries no character the terminal would obey. Other text goes as it is, in UTF-8.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    /// `texts` as one JSON array of string literals, in sorted order (for SQLite's `json_each`).
    public static func array(_ texts: Set<String>) -> String {
        "[" + texts.sorted().map(quoted).joinedText(separator: ",") + "]"
    }

    /// Appends `text` to `out` as a JSON string literal, quotes included.
    ///
    /// The runs between escapes are appended whole: a push quotes hundreds of thousands of values,
    /// each itself JSON text full of quotes.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: append it whole.
        if !needsEscape(text) {
            out += text
            out += "\""
            return
        }
        let bytes = text.utf8
        var run = bytes.startIndex
        var index = run
        while index != bytes.endIndex {
            let byte = bytes[index]
            var escape: String?
            var next = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case 0..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
            // U+0080 to U+009F (C1 controls) are 0xC2 followed by 0x80 to 0x9F in UTF-8.
            case 0xC2 where next != bytes.endIndex && (0x80...0x9F).contains(bytes[next]):
                escape = unicodeEscape(UInt32(bytes[next]))
                next = bytes.index(after: next)
            default: break
            }
            if let escape {
                out += text[run..<index]
                out += escape
                run = next
            }
            index = next
        }
        out += text[run..<bytes.endIndex]
        out += "\""
    }

    /// `\u` and the four lowercase hex digits of `value`.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Whether a byte of `text` must be escaped (or is outside ASCII): one pass over its UTF-8 bytes
    /// in place where the string is stored contiguously (a push encodes hundreds of thousands).
    private static func needsEscape(_ text: String) -> Bool {
        func escaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
        if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes where escaped(byte) { return true }
            return false
        }) {
            return answer
        }
        return text.utf8.contains(where: escaped)
    }
}
