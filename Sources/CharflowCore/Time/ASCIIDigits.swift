/// Fixed-width runs of ASCII digits, as dates and times are written in files and on the command line.
enum ASCIIDigits {
    /// The number written by `bytes[range]`; nil when any of them is not a digit.
    static func number<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ range: Range<Int>) -> Int?
        where Bytes.Element == UInt8, Bytes.Index == Int
    {
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Writes `value` (0 ≤ value < 10^width) as exactly `width` digits at `buffer[start...]`.
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Text made of fixed-width numbers and separators, written in place: `layout` holds the separator
    /// bytes, and each field overwrites its span. The writers of every stored day and instant use it.
    static func text(_ layout: StaticString, _ fields: [(value: Int, at: Int, width: Int)]) -> String {
        String(unsafeUninitializedCapacity: layout.utf8CodeUnitCount) { buffer in
            for index in 0..<layout.utf8CodeUnitCount { buffer[index] = layout.utf8Start[index] }
            for field in fields { write(field.value, width: field.width, into: buffer, at: field.at) }
            return layout.utf8CodeUnitCount
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, in place when the text is stored contiguously
    /// (native strings and their substrings are), else from a copy.
    static func withBytes<T>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
