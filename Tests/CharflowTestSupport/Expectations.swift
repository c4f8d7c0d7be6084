// Foundation's `contains` on strings, as the `#expect` checks these replace used in the test files,
// which import it: it finds "\n" inside "\r\n", where the standard library's, by characters, does not.
import Foundation
import Testing

// The tests' checks as plain functions rather than Swift Testing's `#expect`: the macro expands each
// check into closures the compiler type-checks and generates code for, which made up about a third of
// a test target's compile (docs/decisions.md, "Checks without the macro"). Each records an issue at the
// caller's line naming the values it compared and the comment; `#expect(throws:)` and `#require` stay.

/// Records an issue when `a` and `b` differ.
public func expectEqual<T: Equatable>(_ a: T, _ b: T, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(failure("\(show(a)) is not \(show(b))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `a` is not nil, for a type that is not `Equatable`.
public func expectEqual<T>(_ a: T?, _ b: _OptionalNilComparisonType, _ comment: Comment? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    if let a { Issue.record(failure("\(show(a)) is not nil", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when two pairs differ.
public func expectEqual<A: Equatable, B: Equatable>(_ a: (A, B), _ b: (A, B), _ comment: Comment? = nil,
                                                    sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(failure("\(show(a)) is not \(show(b))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when two triples differ.
public func expectEqual<A: Equatable, B: Equatable, C: Equatable>(_ a: (A, B, C), _ b: (A, B, C), _ comment: Comment? = nil,
                                                                 sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(failure("\(show(a)) is not \(show(b))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `a` and `b` are equal.
public func expectNotEqual<T: Equatable>(_ a: T, _ b: T, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if a == b { Issue.record(failure("both are \(show(a))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `a` is nil, for a type that is not `Equatable`.
public func expectNotEqual<T>(_ a: T?, _ b: _OptionalNilComparisonType, _ comment: Comment? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) {
    if a == nil { Issue.record(failure("nil", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `condition` is false.
public func expectTrue(_ condition: Bool, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if !condition { Issue.record(failure("false", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `text` does not contain `part`.
public func expectContains(_ text: String, _ part: String, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if !text.contains(part) { Issue.record(failure("\(show(text)) does not contain \(show(part))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `values` does not hold `value`.
public func expectContains<S: Sequence>(_ values: S, _ value: S.Element, _ comment: Comment? = nil,
                                        sourceLocation: SourceLocation = #_sourceLocation) where S.Element: Equatable {
    if !values.contains(value) { Issue.record(failure("\(show(values)) does not hold \(show(value))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `text` contains `part`.
public func expectLacks(_ text: String, _ part: String, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if text.contains(part) { Issue.record(failure("\(show(text)) contains \(show(part))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `values` holds `value`.
public func expectLacks<S: Sequence>(_ values: S, _ value: S.Element, _ comment: Comment? = nil,
                                     sourceLocation: SourceLocation = #_sourceLocation) where S.Element: Equatable {
    if values.contains(value) { Issue.record(failure("\(show(values)) holds \(show(value))", comment), sourceLocation: sourceLocation) }
}

/// Records an issue when `values` is not empty.
public func expectEmpty<C: Collection>(_ values: C, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if !values.isEmpty { Issue.record(failure("not empty: \(show(values))", comment), sourceLocation: sourceLocation) }
}

private func show(_ value: Any) -> String {
    String(reflecting: value)
}

private func failure(_ what: String, _ comment: Comment?) -> Comment {
    Comment(rawValue: comment.map { "\($0.rawValue): \(what)" } ?? what)
}
