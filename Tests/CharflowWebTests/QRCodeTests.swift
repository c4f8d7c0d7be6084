import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The pairing link's QR code (spec D24, rule M-2), read back with zbarimg from zbar-tools.
@Suite("charflow pair · the QR code (M-2)")
struct QRCodeTests {
    static func zbarimg(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("M-2 the QR code of a pairing link decodes with zbarimg to the same link, from the image and from the terminal drawing")
    func decodes() throws {
        let folder = try TestFolder.make("qr")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = "https://192.168.1.5:8443/pair?code=7K3QMZ9PX2"
        let code = try #require(QRCode(link))
        let image = folder.appendingPathComponent("code.pbm")
        try code.pbm().write(to: image, atomically: true, encoding: .ascii)
        try expectEqual(Self.zbarimg(image.path), link)

        // The terminal's half blocks, drawn back as pixels: each character is one module wide and two tall.
        let lines = code.terminalLines
        expectEqual(lines.count, (code.width + 2 * QRCode.quietZone + 1) / 2)
        var rows: [[Bool]] = []
        for line in lines {
            let characters = Array(line)
            rows.append(characters.map { $0 == "█" || $0 == "▀" })
            rows.append(characters.map { $0 == "█" || $0 == "▄" })
        }
        let scale = 4
        var text = "P1\n\(rows[0].count * scale) \(rows.count * scale)\n"
        for row in rows {
            let line = row.flatMap { Array(repeating: $0 ? "1" : "0", count: scale) }.joined(separator: " ")
            for _ in 0..<scale { text += line + "\n" }
        }
        let drawn = folder.appendingPathComponent("terminal.pbm")
        try text.write(to: drawn, atomically: true, encoding: .ascii)
        try expectEqual(Self.zbarimg(drawn.path), link)
    }
}
