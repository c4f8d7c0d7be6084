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
        "[" + texts.sorted().map(quoted).joined(separator: ",") + "]"
    }

    /// Appends `text` to `out` as a JSON string literal, quotes included.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: append it whole.
        if !needsEscape(text) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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
