import CharflowTestSupport
@testable import CharflowWeb
import Testing

/// The icon's PNGs for home screens (M-5): well-formed files of the size each is named for, served
/// without a sign-in; the browser test (`test_phone_daily`) compares their pixels with the SVG as
/// Chromium draws it.
@Suite struct IconImageTests {
    /// The chunks of a PNG file: kind and body, each checked against its CRC.
    private func chunks(_ png: [UInt8]) throws -> [(kind: String, body: [UInt8])] {
        expectEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var found: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            let body = Array(png[at + 8..<at + 8 + length])
            let stored = png[at + 8 + length..<at + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in Array(kind.utf8) + body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            expectEqual(stored, crc ^ 0xFFFF_FFFF, "the \(kind) chunk's CRC")
            found.append((kind, body))
            at += 12 + length
        }
        expectEqual(at, png.count, "bytes after the last chunk")
        return found
    }

    @Test("M-5 each PNG icon is a well-formed RGBA file of its size, answered without a sign-in and named by the manifest")
    func wellFormed() throws {
        let local = try LocalServer()
        defer { local.stop() }
        for icon in PublicFiles.pngIcons {
            let answer = try local.send("GET", icon.path, cookie: .some(nil))
            expectEqual(answer.status, 200, "\(icon.path)")
            expectEqual(answer.values("Content-Type"), ["image/png"])
            let png = try #require(PublicFiles.answer(method: "GET", path: icon.path)).body
            let parts = try chunks(png)
            expectEqual(parts.map(\.kind), ["IHDR", "IDAT", "IEND"])
            let header = parts[0].body
            let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
            expectEqual((width, height), (icon.size, icon.size), "\(icon.path)")
            expectEqual(Array(header[8...]), [8, 6, 0, 0, 0], "8-bit RGBA, not interlaced")
            expectEqual(PublicFiles.answer(method: "GET", path: icon.path)?.body, png, "drawn once, the same each time")
            if icon.path != "/icon-180.png" { expectContains(PublicFiles.manifest, "\"\(icon.path)\"", "the manifest names \(icon.path)") }
        }
        try expectEqual(local.send("GET", "/icon-64.png", cookie: .some(nil)).status, 401, "no other size is public")
    }
}
