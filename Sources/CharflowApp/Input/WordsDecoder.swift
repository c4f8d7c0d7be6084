import CharflowCore
import Foundation

/// Reads a use case's `Input` from words: the command line's positional words, `--name value` options
/// and switches, or a read's path and query in the web API.
///
/// The input type is the one both front ends build: its coding keys are the option names (and the body
/// keys of the web), its property types say how each is read. A `WordValue` is read by its own
/// `reading`; a whole number as a whole number; a `Bool` is a switch; a list takes every value an
/// option was given. Positional words are named by `positions`, in order; a last name ending in `...`
/// takes the rest of the words, joined by spaces (and is absent when there are none).
///
/// A required key that is not there is `UsageRefusal.missing` for a positional word and `.missingOption`
/// for an option; the keys the input asked for tell which options it does not take (the command line
/// refuses them as unknown).
public struct WordsDecoder {
    public var words: [String]
    public var positions: [String]
    public var options: [String: [String]]
    public var switches: Set<String>

    public init(words: [String] = [], positions: [String] = [], options: [String: [String]] = [:], switches: Set<String> = []) {
        self.words = words
        self.positions = positions
        self.options = options
        self.switches = switches
    }

    /// The input the words give; `asked` receives the keys it asked for, whether or not it was read whole.
    public func decode<T: Decodable>(_ type: T.Type, asked: inout Set<String>) throws -> T {
        let reading = Reading(self)
        defer { asked = reading.asked }
        return try T(from: Root(reading: reading))
    }

    /// The keys `type` asks for when read from the positional words alone, so that a refused reading can
    /// still tell an option it does not take; nil when that reading fails too (a required key is missing).
    public func keys<T: Decodable>(of type: T.Type) -> Set<String>? {
        var bare = self
        bare.options = [:]
        bare.switches = []
        let reading = Reading(bare)
        guard (try? T(from: Root(reading: reading))) != nil else { return nil }
        return reading.asked
    }

    /// The words by key, and the keys an input asked for.
    final class Reading {
        let decoder: WordsDecoder
        var positional: [String: String] = [:]
        var asked: Set<String> = []

        init(_ decoder: WordsDecoder) {
            self.decoder = decoder
            for (index, name) in decoder.positions.enumerated() {
                if name.hasSuffix("...") {
                    if index < decoder.words.count {
                        positional[String(name.dropLast(3))] = Array(decoder.words[index...]).joinedText(separator: " ")
                    }
                    break
                }
                if index < decoder.words.count { positional[name] = decoder.words[index] }
            }
        }

        func has(_ key: String) -> Bool {
            positional[key] != nil || decoder.options[key] != nil || decoder.switches.contains(key)
        }

        /// Every value given for `key`: the positional word, or each `--key` in order.
        func values(_ key: String) -> [String] {
            if let word = positional[key] { return [word] }
            return decoder.options[key] ?? []
        }

        func missing(_ key: String) -> UsageRefusal {
            decoder.positions.contains(where: { $0 == key || $0 == key + "..." }) ? .missing(key) : .missingOption(key)
        }
    }

    /// The decoder of the whole input: a keyed container over every key.
    private struct Root: Decoder {
        let reading: Reading
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Keyed<Key>(reading: reading))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw UsageRefusal.missing("input")
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            throw UsageRefusal.missing("input")
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let reading: Reading
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            Set(reading.positional.keys).union(reading.decoder.options.keys).union(reading.decoder.switches)
                .compactMap { Key(stringValue: $0) }
        }

        func contains(_ key: Key) -> Bool {
            reading.asked.insert(key.stringValue)
            return reading.has(key.stringValue)
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            reading.asked.insert(key.stringValue)
            return reading.decoder.switches.contains(key.stringValue)
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try decode(type, forKey: key) ? true : nil
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let name = key.stringValue
            reading.asked.insert(name)
            let values = reading.values(name)
            guard let last = values.last else { throw reading.missing(name) }
            return try WordsDecoder.value(type, from: last, all: values, option: name)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard contains(key) else { return nil }
            return try decode(type, forKey: key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw reading.missing(key.stringValue)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            reading.asked.insert(key.stringValue)
            return Words(values: reading.values(key.stringValue), option: key.stringValue)
        }

        func superDecoder() throws -> any Decoder { Root(reading: reading) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            reading.asked.insert(key.stringValue)
            let values = reading.values(key.stringValue)
            return Word(word: values.last ?? "", all: values, option: key.stringValue)
        }
    }

    /// One value of `type` from the word `word` (`all` when the type is a list), for the option `option`.
    ///
    /// A `WordValue` reads the word with its `reading` (it finds the word in the decoder's `userInfo`).
    static func value<T: Decodable>(_ type: T.Type, from word: String, all: [String], option: String) throws -> T {
        if type == String.self { return word as! T }
        if type == Int.self {
            guard let number = Int(word) else { throw UsageRefusal.notANumber(option: option, given: word) }
            return number as! T
        }
        let source = Word(word: word, all: all, option: option)
        do {
            let value = try T(from: source)
            #if DEBUG
            // A word value whose `init(from:)` skipped `givenWord` would have read the word by its body's rule.
            assert(!(type is any WordValue.Type) || source.read.givenWord,
                   "\(type).init(from:) does not ask WordValue.givenWord first")
            #endif
            return value
        } catch UsageRefusal.notANumber(_, let given) {
            throw UsageRefusal.notANumber(option: option, given: given)
        }
    }

    /// The decoder of one option's words: a single value (its last word) or a list (every word).
    private struct Word: Decoder, SingleValueDecodingContainer {
        let word: String
        let all: [String]
        let option: String
        /// Whether the value asked for the word (checked in debug builds).
        let read = Asked()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] {
            read.givenWord = true
            return [.givenWord: word]
        }

        init(word: String, all: [String], option: String) {
            self.word = word
            self.all = all
            self.option = option
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw UsageRefusal.missingOption(option)
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Words(values: all, option: option) }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        /// `none` is the command line's null: `--effort none` clears what a body's `"effort": null` clears.
        func decodeNil() -> Bool { word.lowercased() == "none" }

        func decode(_ type: Bool.Type) throws -> Bool { !word.isEmpty }
        func decode(_ type: String.Type) throws -> String { word }
        func decode(_ type: Double.Type) throws -> Double {
            guard let number = Double(word) else { throw UsageRefusal.notANumber(option: option, given: word) }
            return number
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try WordsDecoder.value(Int.self, from: word, all: [word], option: option) }
        func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try WordsDecoder.value(type, from: word, all: [word], option: option)
        }

        private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard let number = T(exactly: try decode(Int.self)) else {
                throw UsageRefusal.notANumber(option: option, given: word)
            }
            return number
        }
    }

    /// Whether a decoder's word was asked for.
    final class Asked {
        var givenWord = false
    }

    /// Every word an option was given, as a list.
    private struct Words: UnkeyedDecodingContainer {
        let values: [String]
        let option: String
        var codingPath: [any CodingKey] { [] }
        var currentIndex = 0
        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw UsageRefusal.missingOption(option) }
            defer { currentIndex += 1 }
            return try WordsDecoder.value(type, from: values[currentIndex], all: [values[currentIndex]], option: option)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw UsageRefusal.missingOption(option)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw UsageRefusal.missingOption(option)
        }

        mutating func superDecoder() throws -> any Decoder {
            guard !isAtEnd else { throw UsageRefusal.missingOption(option) }
            defer { currentIndex += 1 }
            return Word(word: values[currentIndex], all: [values[currentIndex]], option: option)
        }
    }
}
