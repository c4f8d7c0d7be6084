/// Texts joined with a separator between them, as `joined(separator:)` joins them.
///
/// A call of the standard library's `joined(separator:)` that the compiler leaves generic (from a
/// protocol extension, or on a slice) makes the runtime look up the collection's conformances by name
/// the first time in a process: about 280,000 instructions, paid at the start of every command that
/// reads a record (docs/performance.md, "Start-up: what the runtime looks up").
/// Written for `[String]` alone, so that it is never generic itself. A debug build takes the standard
/// library's, which is compiled optimized where this loop would not be (the test suite joins a lot).
extension Array where Element == String {
    public func joinedText(separator: String) -> String {
        #if DEBUG
        return joined(separator: separator)
        #else
        var text = ""
        for index in 0..<count {
            if index > 0 { text += separator }
            text += self[index]
        }
        return text
        #endif
    }
}
