import CharflowApp
import Foundation

/// Reading request bodies and writing small JSON answers.
public enum WebJSON {
    /// One value of a request body.
    public indirect enum Value: Decodable, Sendable, Equatable {
        case null
        case bool(Bool)
        case int(Int)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Int.self) { self = .int(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Value].self) { self = .array(value) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        /// The value as the command line would spell it: text, a whole number, or nil for anything else.
        public var word: String? {
            switch self {
            case .string(let text): text
            case .int(let number): String(number)
            case .number(let number) where number == number.rounded() && abs(number) < 1e15: String(Int(number))
            default: nil
            }
        }
    }

    /// The body as a JSON object; an empty body is an empty object. Nil when it is not one JSON object.
    public static func object(_ body: [UInt8]) -> [String: Value]? {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard case .object(let object)? = try? JSONDecoder().decode(Value.self, from: Data(body)) else { return nil }
        return object
    }
}
