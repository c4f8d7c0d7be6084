/// A value as SQLite stores it (blobs are not used by Charflow).
package enum SQLValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    package var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    package var int: Int? { integer.map { Int($0) } }
}

/// Conversions from Swift values to bindable SQL values.
package protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable {
    package var sqlValue: SQLValue { .text(self) }
}

extension Int: SQLBindable {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLBindable {
    package var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension SQLValue: SQLBindable {
    package var sqlValue: SQLValue { self }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
