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

    /// Appends `text` to `out` as a JSON string literal, quotes included.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: append it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
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
}
