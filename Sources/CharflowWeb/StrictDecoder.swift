import CharflowCore

/// A `Decoder` over one JSON request body that takes each value only as the type its field declares.
///
/// No coercion: a whole number is not text, text is not a number, a single value is not a list, and
/// a key the body type does not declare (its `CodingKey` knows no such name) is refused before anything
/// is read. Every refusal is a `FieldError` naming the body's top-level field.
struct StrictDecoder: Decoder {
    let value: WebJSON.Value
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: WebJSON.Value, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// Decodes `type` from a body object, refusing unknown keys and values of the wrong type.
    static func decode<T: Decodable>(_ type: T.Type, from object: [String: WebJSON.Value]) throws -> T {
        try T(from: StrictDecoder(.object(object)))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw wrongType("an object") }
        if let unknown = object.keys.sorted().first(where: { Key(stringValue: $0) == nil }) {
            throw FieldError.unknown(codingPath.first?.stringValue ?? unknown)
        }
        return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw wrongType("a list") }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: value, codingPath: codingPath)
    }

    /// The refusal of this value: its field, and what the field takes (a list's items are named as such).
    func wrongType(_ expected: String) -> FieldError {
        StrictDecoder.wrongType(expected, at: codingPath)
    }

    static func wrongType(_ expected: String, at path: [any CodingKey]) -> FieldError {
        let field = path.first?.stringValue ?? ""
        return .wrongType(field, expected: path.count > 1 ? "a list of " + expected : expected)
    }

    /// A key of the body's own, for the path of a list's items.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: [String: WebJSON.Value]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { object[key.stringValue].map { $0 == .null } ?? true }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = object[key.stringValue] else { throw FieldError.missing(field(key)) }
            return try T(from: StrictDecoder(value, codingPath: codingPath + [key]))
        }

        /// Absent is nil; so is `null`, unless the field's type gives `null` a meaning of its own (`Clearable`).
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let value = object[key.stringValue] else { return nil }
            guard type is any NullMeaningful.Type else {
                return value == .null ? nil : try T(from: StrictDecoder(value, codingPath: codingPath + [key]))
            }
            do {
                return try T(from: StrictDecoder(value, codingPath: codingPath + [key]))
            } catch FieldError.wrongType(let field, let expected) where !expected.hasSuffix(" or null") {
                throw FieldError.wrongType(field, expected: expected + " or null")
            }
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Strict<Bool>.self, forKey: key).value }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(Strict<String>.self, forKey: key).value }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(Strict<Int>.self, forKey: key).value }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(Strict<Double>.self, forKey: key).value }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Strict<Bool>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(Strict<String>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Strict<Int>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Strict<Double>.self, forKey: key)?.value }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            guard let value = object[key.stringValue] else { throw FieldError.missing(field(key)) }
            return try StrictDecoder(value, codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            guard let value = object[key.stringValue] else { throw FieldError.missing(field(key)) }
            return try StrictDecoder(value, codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { StrictDecoder(.object(object), codingPath: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            StrictDecoder(object[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }

        private func field(_ key: Key) -> String { codingPath.first?.stringValue ?? key.stringValue }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let items: [WebJSON.Value]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw StrictDecoder.wrongType("items", at: codingPath + [Index(currentIndex)]) }
            let decoder = StrictDecoder(items[currentIndex], codingPath: codingPath + [Index(currentIndex)])
            let value = try T(from: decoder)
            currentIndex += 1
            return value
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(Strict<Bool>.self).value }
        mutating func decode(_ type: String.Type) throws -> String { try decode(Strict<String>.self).value }
        mutating func decode(_ type: Int.Type) throws -> Int { try decode(Strict<Int>.self).value }
        mutating func decode(_ type: Double.Type) throws -> Double { try decode(Strict<Double>.self).value }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try decode(Nested.self).decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try decode(Nested.self).decoder.unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try decode(Nested.self).decoder }

        /// The decoder of one item, for the nested containers.
        private struct Nested: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
    }

    private struct Single: SingleValueDecodingContainer {
        let value: WebJSON.Value
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { value == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag) = value else { throw StrictDecoder.wrongType("true or false", at: codingPath) }
            return flag
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let text) = value else { throw StrictDecoder.wrongType("text", at: codingPath) }
            // Text is kept whole or refused, never cut at a NUL (B-1, X-5).
            guard !text.utf8.contains(0) else { throw FieldError.holdsNUL(codingPath.first?.stringValue ?? "") }
            return text
        }

        func decode(_ type: Int.Type) throws -> Int {
            guard case .int(let number) = value else { throw StrictDecoder.wrongType("a whole number", at: codingPath) }
            return number
        }

        func decode(_ type: Double.Type) throws -> Double {
            switch value {
            case .int(let number): return Double(number)
            case .number(let number): return number
            default: throw StrictDecoder.wrongType("a number", at: codingPath)
            }
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: StrictDecoder(value, codingPath: codingPath))
        }

        // The other widths no body declares; each is refused as the wrong type rather than guessed at.
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

        private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard let number = T(exactly: try decode(Int.self)) else {
                throw StrictDecoder.wrongType("a whole number", at: codingPath)
            }
            return number
        }
    }

    /// A primitive read through the single-value container, where the strict checks are.
    private struct Strict<Wrapped: Decodable>: Decodable {
        let value: Wrapped
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Wrapped.self)
        }
    }
}
