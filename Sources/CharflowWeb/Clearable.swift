import CharflowCore

/// A body value that can also be `null` for none, as `"effort": null` clears a task's effort.
///
/// In a body field declared `Clearable<Int>?`, absent is nil (nothing said), `null` is `.cleared`, a
/// number is `.value`; any other JSON type is refused naming the field.
enum Clearable<Wrapped: Decodable & Sendable>: Decodable, Sendable, NullMeaningful {
    case cleared
    case value(Wrapped)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .cleared; return }
        do {
            self = .value(try container.decode(Wrapped.self))
        } catch FieldError.wrongType(let field, let expected) {
            throw FieldError.wrongType(field, expected: expected + " or null")
        }
    }

    /// The command line's word for it: the value, or `none`.
    func word(_ spell: (Wrapped) -> String) -> String {
        switch self {
        case .cleared: "none"
        case .value(let value): spell(value)
        }
    }
}
