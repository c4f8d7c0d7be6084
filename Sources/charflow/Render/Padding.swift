/// Runs of spaces for lining text up in columns.
enum Padding {
    /// `count` spaces, or none for a count below one, written in one pass.
    ///
    /// `String(repeating: " ", count:)` took ~8,700 instructions a call, the largest part of
    /// rendering a Backlog line.
    static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: UInt8(ascii: " "))
            return count
        }
    }
}
