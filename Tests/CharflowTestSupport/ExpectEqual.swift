import Testing

/// Records an issue at the caller's line when `a` and `b` differ, naming both values and `comment`.
///
/// The tests' equality checks are written with this rather than `#expect(a == b)`: the macro expands
/// each check into closures the compiler type-checks and generates code for, which made up about a
/// third of a test target's compile (docs/decisions.md, "Equality checks without the macro"). Other
/// checks keep `#expect`.
public func expectEqual<T: Equatable>(_ a: T, _ b: T, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(difference(String(reflecting: a), String(reflecting: b), comment), sourceLocation: sourceLocation) }
}

/// Records an issue at the caller's line when `a` is not nil, for a type that is not `Equatable`.
public func expectEqual<T>(_ a: T?, _ b: _OptionalNilComparisonType, _ comment: Comment? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    if let a { Issue.record(difference(String(reflecting: a), "nil", comment), sourceLocation: sourceLocation) }
}

/// Records an issue at the caller's line when two pairs differ.
public func expectEqual<A: Equatable, B: Equatable>(_ a: (A, B), _ b: (A, B), _ comment: Comment? = nil,
                                                    sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(difference(String(reflecting: a), String(reflecting: b), comment), sourceLocation: sourceLocation) }
}

/// Records an issue at the caller's line when two triples differ.
public func expectEqual<A: Equatable, B: Equatable, C: Equatable>(_ a: (A, B, C), _ b: (A, B, C), _ comment: Comment? = nil,
                                                                 sourceLocation: SourceLocation = #_sourceLocation) {
    if a != b { Issue.record(difference(String(reflecting: a), String(reflecting: b), comment), sourceLocation: sourceLocation) }
}

private func difference(_ a: String, _ b: String, _ comment: Comment?) -> Comment {
    let values = "\(a) is not \(b)"
    return Comment(rawValue: comment.map { "\($0.rawValue): \(values)" } ?? values)
}
