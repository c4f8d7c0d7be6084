/// Fixed-width runs of ASCII digits, as dates and times are written in files and on the command line.
enum ASCIIDigits {
    /// The number written by `bytes[range]`; nil when any of them is not a digit.
    static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
