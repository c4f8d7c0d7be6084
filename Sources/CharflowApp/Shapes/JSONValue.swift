import CharflowCore

/// A JSON document built in order, so output keys come out as written.
public indirect enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    public static func optional(_ number: Int?) -> JSONValue {
        number.map(JSONValue.int) ?? .null
    }

    /// Two-space indented text.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    /// The value on one line, with no space between its parts: one event of a stream per line (JSON
    /// Lines), as `sync --watch --json` prints them.
    public func renderedOnOneLine() -> String {
        var out = ""
        write(into: &out, indent: nil)
        return out
    }

    /// Appends the value's text as it would appear nested `indent` spaces deep; with no indent, on one
    /// line.
    public func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): JSONText.quote(value, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let nested = indent.map { $0 + 2 }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                JSONValue.newLine(into: &out, nested)
                item.write(into: &out, indent: nested)
            }
            JSONValue.newLine(into: &out, indent)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            let nested = indent.map { $0 + 2 }
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out += "," }
                JSONValue.newLine(into: &out, nested)
                JSONText.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: nested)
            }
            JSONValue.newLine(into: &out, indent)
            out += "}"
        }
    }

    /// A line break and `indent` spaces; nothing on one line (no indent).
    private static func newLine(into out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n"
        out += spaces(indent)
    }

    /// Indentation, made once per depth.
    public static func spaces(_ count: Int) -> String {
        count < indentation.count ? indentation[count] : String(repeating: " ", count: count)
    }

    private static let indentation = (0..<24).map { String(repeating: " ", count: $0) }
}
