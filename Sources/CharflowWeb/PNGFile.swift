/// A PNG file of 8-bit RGBA pixels (PNG's colour type 6), each row unfiltered, compressed with zlib.
enum PNGFile {
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8]? {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)
            raw += rgba[(row * width * 4)..<((row + 1) * width * 4)]
        }
        guard let packed = Deflate.compress(raw, format: .zlib) else { return nil }
        var header: [UInt8] = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", packed) + chunk("IEND", [])
    }

    private static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
        let named = Array(kind.utf8) + body
        return bigEndian(UInt32(body.count)) + named + bigEndian(crc32(named))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG's chunks carry it (the polynomial 0xEDB88320, reflected).
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
