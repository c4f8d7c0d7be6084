import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// libical and libcurl are opened when first used, never linked, so the installed executable still
/// loads glibc alone at start (docs/architecture.md, "Start-up").
@Suite("Calendar engine · libraries opened on first use")
struct LibraryLoadingTests {
    @Test("F-9 neither libical nor libcurl is a NEEDED entry of a binary built with the calendar engine; each is opened when first used")
    func openedNotLinked() throws {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-d", "/proc/self/exe"]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        expectTrue(!needed.isEmpty, "readelf read this test binary")
        expectTrue(!needed.contains { $0.contains("libical") || $0.contains("libcurl") }, "\(needed)")

        _ = try CalendarExpander(calendar: PlannerCalendar(timeZone: TimeZone(identifier: "UTC")!))
            .occurrences(in: [], source: "Empty", from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 1))
        // Read to its end: /proc files report no size, and a whole-file read stops at its first page,
        // which in a large test process ends before the libraries opened late.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        try handle.close()
        expectContains(maps, "libical.so", "libical is open once a calendar was read")
    }

    @Test("F-9 a machine without libical or libcurl is told so in words")
    func missingLibraryWords() {
        let failure = CalendarFailure.libraryMissing(library: "libical", package: "libical3")
        expectEqual(failure.message, "Calendars need libical, which is not installed on this machine (Debian package libical3).")
        expectEqual(failure.code, "calendar_library_missing")
        expectEqual(failure.kind, .unavailable)
    }
}
