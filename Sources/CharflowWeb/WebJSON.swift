import Foundation

/// Reading request bodies and writing small JSON answers.
public enum WebJSON {
    /// A JSON string literal for `text`.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The body as a JSON object; an empty body is an empty object. Nil when it is not a JSON object.
    public static func object(_ body: [UInt8]) -> [String: Any]? {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard let value = try? JSONSerialization.jsonObject(with: Data(body)) else { return nil }
        return value as? [String: Any]
    }
}
