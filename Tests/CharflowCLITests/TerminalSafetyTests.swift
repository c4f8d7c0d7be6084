import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Text from the data cannot drive the terminal, and what the shell hands over is checked (issue 17,
/// items 16 and 17).
@Suite("Terminal safety: escaped controls, UTF-8 arguments, a real TZ")
struct TerminalSafetyTests {
    static let now = "2026-11-30T09:00"
    static let hostile = "Pay \u{1B}]0;pwned\u{07}rent\u{1B}[2J now\rX \u{9B}31m end\u{7F}"

    /// Every control character but newline and tab in `text`.
    static func controls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { TerminalTextProbe.isControl($0) }.map(\.value)
    }

    @Test("B-1 T-33 a title and notes with escape sequences are stored exactly and printed escaped", arguments: [
        ["list", "--all"], ["today"], ["show", "ID"], ["backlog"], ["done", "ID"],
    ])
    func escapedOnOutput(arguments: [String]) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("placeholder", ["--region", "morning"], now: Self.now)
        try cf.storeSQL("UPDATE tasks SET title = ?, notes = ? WHERE id = ?",
                             [.text(Self.hostile), .text("note \u{1B}[31mred\u{1B}[0m\nline two"), .text(id)])
        let result = try cf.run(arguments.map { $0 == "ID" ? id : $0 }, now: Self.now)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEmpty(Self.controls(result.stdout), "\(result.stdout.debugDescription)")
        if arguments[0] == "show" {
            expectContains(result.stdout, "^[]0;pwned^Grent^[[2J now^MX <U+009B>31m end^?", "\(result.stdout.debugDescription)")
        }
        #expect(try cf.storeQuery("SELECT title FROM tasks WHERE id = ?", [.text(id)]) == [Self.hostile])
        let json = try cf.run(arguments.map { $0 == "ID" ? id : $0 } + ["--json"], now: Self.now)
        expectEmpty(Self.controls(json.stdout), "JSON escapes them too: \(json.stdout.debugDescription)")
    }

    @Test("S-7 a refusal that names a hostile title on stderr shows it escaped")
    func escapedRefusal() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let first = try cf.add("placeholder", ["--region", "morning"], now: Self.now)
        let second = try cf.add("Other", ["--region", "morning"], now: Self.now)
        try cf.storeSQL("UPDATE tasks SET title = ? WHERE id = ?", [.text(Self.hostile), .text(first)])
        try expectEqual(cf.run(["begin", first], now: Self.now).status, 0)
        let refused = try cf.run(["begin", second], now: Self.now)
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "pwned", "\(refused.stderr.debugDescription)")
        expectEmpty(Self.controls(refused.stderr), "\(refused.stderr.debugDescription)")
    }

    @Test("a TZ that names no zone is refused before the store is touched", arguments: ["Mars/Olympus_Mons", "Europe/Londn", "/nowhere/zone"])
    func invalidTimeZone(zone: String) throws {
        var cf = try CharflowRunner()
        defer { cf.removeFolder() }
        cf.timeZone = zone
        let result = try cf.run(["today"], now: Self.now)
        expectEqual(result.status, 1, "\(result.stderr)")
        expectContains(result.stderr, "time zone (TZ)", "\(result.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: cf.storePath))
    }

    @Test("TZ given as a path to an existing zone file is the system's zone", .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Tokyo")))
    func pathTimeZone() throws {
        var cf = try CharflowRunner()
        defer { cf.removeFolder() }
        cf.timeZone = ":/usr/share/zoneinfo/Asia/Tokyo"
        try expectEqual(cf.run(["today"], now: Self.now).status, 0)
    }
}

/// The test's own reading of which characters a terminal obeys (C0 but newline and tab, DEL, C1).
enum TerminalTextProbe {
    static func isControl(_ scalar: UnicodeScalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0..<0x20, 0x7F, 0x80..<0xA0: true
        default: false
        }
    }
}
