/// SplitMix64: a tiny, fast, well-mixed PRNG, so a store is the same bytes of data for the same seed
/// on every machine and every Swift version (the standard library's generator is not seedable).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (modulo bias is irrelevant at these spans).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }

    /// A version-4 UUID as Charflow stores ids: lower-case text, 8-4-4-4-12.
    mutating func uuid() -> String {
        var high = next()
        var low = next()
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000 // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000 // RFC 4122 variant
        var bytes = [UInt8](repeating: 0, count: 36)
        let digits = Array("0123456789abcdef".utf8)
        var position = 0
        func put(_ value: UInt64, nibbles: Int, _ out: inout [UInt8], _ at: inout Int) {
            for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                if at == 8 || at == 13 || at == 18 || at == 23 {
                    out[at] = UInt8(ascii: "-")
                    at += 1
                }
                out[at] = digits[Int((value >> UInt64(shift)) & 0xF)]
                at += 1
            }
        }
        put(high, nibbles: 16, &bytes, &position)
        put(low, nibbles: 16, &bytes, &position)
        return String(decoding: bytes, as: UTF8.self)
    }
}
