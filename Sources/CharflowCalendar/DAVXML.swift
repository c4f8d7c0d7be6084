import Foundation

/// An element of a WebDAV answer: its namespace and local name, its text and its child elements.
///
/// Read by `DAVXML.parse`, a small reader for what CalDAV servers send (multistatus answers): elements,
/// namespace declarations, text with the five named entities and numeric references, CDATA;
/// comments, processing instructions and a DOCTYPE are passed over. Foundation's XMLParser is not
/// used: on Linux it brings libxml2, which every command would then load at start.
struct DAVElement {
    let namespace: String
    let name: String
    var text = ""
    var children: [DAVElement] = []

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"

    func child(_ namespace: String, _ name: String) -> DAVElement? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    func all(_ namespace: String, _ name: String) -> [DAVElement] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }
}

enum DAVXML {
    /// The root element of `bytes`, or nil when they are not well-formed enough to read.
    static func parse(_ bytes: [UInt8]) -> DAVElement? {
        var index = 0
        // Each open element, with the namespace prefixes in force inside it.
        var open: [(element: DAVElement, prefixes: [String: String])] = []
        var root: DAVElement?
        func starts(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
        }
        func skip(past text: String) -> Bool {
            let pattern = Array(text.utf8)
            while index + pattern.count <= bytes.count {
                if Array(bytes[index..<index + pattern.count]) == pattern {
                    index += pattern.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                if !open.isEmpty { open[open.count - 1].element.text += decode(bytes[start..<index]) }
                continue
            }
            if starts("<!--") {
                guard skip(past: "-->") else { return nil }
            } else if starts("<![CDATA[") {
                index += 9
                let start = index
                guard skip(past: "]]>") else { return nil }
                if !open.isEmpty { open[open.count - 1].element.text += String(decoding: bytes[start..<index - 3], as: UTF8.self) }
            } else if starts("<?") {
                guard skip(past: "?>") else { return nil }
            } else if starts("<!") {
                guard skip(past: ">") else { return nil }
            } else if starts("</") {
                guard skip(past: ">"), let closed = open.popLast() else { return nil }
                if open.isEmpty { root = closed.element } else { open[open.count - 1].element.children.append(closed.element) }
            } else {
                index += 1
                let start = index
                var quote: UInt8?
                while index < bytes.count {
                    let byte = bytes[index]
                    if let current = quote {
                        if byte == current { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                var tag = Array(bytes[start..<index])
                index += 1
                let empty = tag.last == UInt8(ascii: "/")
                if empty { tag.removeLast() }
                let (qualified, attributes) = split(tag)
                var prefixes = open.last?.prefixes ?? [:]
                for (name, value) in attributes {
                    if name == "xmlns" { prefixes[""] = value }
                    else if name.hasPrefix("xmlns:") { prefixes[String(name.dropFirst(6))] = value }
                }
                let parts = qualified.split(separator: ":", maxSplits: 1)
                let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
                let element = DAVElement(namespace: prefixes[prefix] ?? "", name: local)
                if empty {
                    if open.isEmpty { root = element } else { open[open.count - 1].element.children.append(element) }
                } else {
                    open.append((element, prefixes))
                }
            }
        }
        return open.isEmpty ? root : nil
    }

    /// A start tag's name and its attributes.
    private static func split(_ tag: [UInt8]) -> (String, [(String, String)]) {
        let text = String(decoding: tag, as: UTF8.self)
        var scanner = text[...]
        let name = String(scanner.prefix { !$0.isWhitespace })
        scanner = scanner.dropFirst(name.count)
        var attributes: [(String, String)] = []
        while true {
            scanner = scanner.drop { $0.isWhitespace }
            guard let equals = scanner.firstIndex(of: "=") else { break }
            let attribute = scanner[..<equals].trimmingCharacters(in: .whitespaces)
            scanner = scanner[scanner.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = scanner.first, quote == "\"" || quote == "'" else { break }
            scanner = scanner.dropFirst()
            guard let close = scanner.firstIndex(of: quote) else { break }
            attributes.append((attribute, decode(Array(scanner[..<close].utf8)[...])))
            scanner = scanner[scanner.index(after: close)...]
        }
        return (name, attributes)
    }

    /// Text with its entity and character references replaced.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10 else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            var replacement: String?
            if let value = named[String(name)] {
                replacement = value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = Unicode.Scalar(code) {
                replacement = String(Character(scalar))
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                replacement = String(Character(scalar))
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
