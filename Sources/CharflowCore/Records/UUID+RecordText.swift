import Foundation

/// Record ids as Charflow stores, prints and orders them: lower-case UUID text, hyphenated 8-4-4-4-12.
///
/// Written and read byte by byte: Foundation's `uuidString` formats through `snprintf` (about 6,700
/// instructions an id) and `UUID(uuidString:)` parses through `sscanf`, and a Today screen formats
/// hundreds of ids.
extension UUID {
    /// The first eight characters of `lowercasedText` (the short id a list shows), written directly.
    public var shortText: String {
        let bytes = uuid
        return String(unsafeUninitializedCapacity: 8) { buffer in
            withUnsafeBytes(of: bytes) { raw in
                for index in 0..<4 {
                    buffer[index * 2] = Self.hexDigit(raw[index] >> 4)
                    buffer[index * 2 + 1] = Self.hexDigit(raw[index] & 0x0F)
                }
            }
            return 8
        }
    }

    /// The id's 36-character lower-case text, as stored in every table (one case, so that a typed
    /// prefix finds an id with an index range).
    public var lowercasedText: String {
        let bytes = uuid
        return String(unsafeUninitializedCapacity: 36) { buffer in
            withUnsafeBytes(of: bytes) { raw in
                var out = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = Self.hexDigit(raw[index] >> 4)
                    buffer[out + 1] = Self.hexDigit(raw[index] & 0x0F)
                    out += 2
                }
            }
            return 36
        }
    }

    /// Parses 36-character UUID text in either case; nil when it is anything else.
    public init?(recordText text: String) {
        var text = text
        guard let parsed = text.withUTF8(Self.parse) else { return nil }
        self.init(uuid: parsed)
    }

    /// `init(recordText:)` over UTF-8 bytes, for readers that take them straight from the store.
    public init?(recordBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(bytes) else { return nil }
        self.init(uuid: parsed)
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard buffer.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { out -> Bool in
            var index = 0
            var byte = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard buffer[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = Self.hexValue(buffer[index]), let low = Self.hexValue(buffer[index + 1]) else {
                    return false
                }
                out[byte] = high << 4 | low
                byte += 1
                index += 2
            }
            return true
        }
        return complete ? value : nil
    }

    /// Whether this id sorts before `other` in the order of their texts (the tie-breaker of every
    /// ordering of records), compared as bytes.
    public func sorts(before other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { left in
            withUnsafeBytes(of: other.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
