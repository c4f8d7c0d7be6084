/// One iCalendar content line, unfolded, with the number of the line of the text it starts on.
///
/// `NAME;PARAM=value;PARAM="quoted":value`: the name and the parameters' names are upper-cased; the
/// value is as written (escapes and all). Kept to name the line a problem is on: the events themselves
/// are read by libical.
struct ContentLine {
    /// The 1-based line of the text where this content line starts.
    let number: Int
    let name: String
    /// Each parameter's values, joined by commas, quotes removed.
    let parameters: [String: String]
    let value: String
    /// The whole unfolded line.
    let text: String

    /// Reads one unfolded line, or nil when it is not NAME[;PARAM=…]:VALUE.
    init?(_ bytes: [UInt8], number: Int) {
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
                || byte == 0x5F
        }
        func name() -> String? {
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self).uppercased() : nil
        }
        guard let propertyName = name() else { return nil }
        var parameters: [String: String] = [:]
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            guard let parameterName = name(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            var values: [String] = []
            while true {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    let start = index + 1
                    guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    values.append(String(decoding: bytes[start..<close], as: UTF8.self))
                    index = close + 1
                } else {
                    let start = index
                    while index < bytes.count, ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[index]) {
                        index += 1
                    }
                    values.append(String(decoding: bytes[start..<index], as: UTF8.self))
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters[parameterName] = values.joinedText(separator: ",")
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        self.number = number
        self.name = propertyName
        self.parameters = parameters
        self.value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// The lines of `text` unfolded (a line that begins with a space or a tab continues the one
    /// before), each with the number of the line it starts on; blank lines are skipped. Lines may end
    /// with CRLF or LF alone.
    static func unfolded(_ text: String) -> [(number: Int, bytes: [UInt8])] {
        var result: [(number: Int, bytes: [UInt8])] = []
        var pending: (number: Int, bytes: [UInt8])?
        var number = 0
        for raw in Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let physical = raw.last == 0x0D ? raw.dropLast() : raw
            if let first = physical.first, first == 0x20 || first == 0x09, pending != nil {
                pending!.bytes.append(contentsOf: physical.dropFirst())
                continue
            }
            if let done = pending { result.append(done) }
            pending = nil
            if physical.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            pending = (number, Array(physical))
        }
        if let done = pending { result.append(done) }
        return result
    }
}
