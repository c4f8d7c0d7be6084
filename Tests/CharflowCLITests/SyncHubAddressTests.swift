import CharflowTestSupport
import Foundation
import Testing

/// What `sync` says about the hub it is given, and what it leaves on a terminal (issue 22, item 18):
/// a malformed address is named as one, not as a socket error; a database that is not a hub yet
/// names `charflow hub init`; the progress line is never left behind, nor printed for nothing.
@Suite("Sync names a bad hub address and leaves a clean terminal", .serialized)
struct SyncHubAddressTests {
    static let now = "2026-03-10T09:00"

    @Test("D19 a malformed hub address is refused as one, before anything is written")
    func malformedAddress() throws {
        let device = try CharflowRunner()
        try device.add("Here first", now: Self.now)
        let before = try device.contents()
        for address in ["db.example.org", "host=db.example.org port", "postgresql://me@db.example.org/charflow?sslmode"] {
            let result = try device.run(["sync", "--hub", address, "--json"], now: Self.now)
            expectEqual(result.status, 1)
            expectTrue(result.stderr.contains("That hub address is not a PostgreSQL connection string ("), "\(address): \(result.stderr)")
            expectLacks(result.stderr, "socket", "\(result.stderr)")
            let error = try result.json()["error"] as? [String: Any]
            expectEqual(error?["code"] as? String, "hub_address_malformed")
            let initialised = try device.run(["hub", "init", address], now: Self.now)
            expectEqual(initialised.status, 1)
            expectContains(initialised.stderr, "is not a PostgreSQL connection string", "\(initialised.stderr)")
        }
        try expectEqual(device.contents(), before)
    }

    @Test("D19 a database that is not a hub yet: the message names charflow hub init")
    func uninitialisedHubNamesHubInit() throws {
        let hub = try PostgresHub()
        let result = try CharflowRunner().run(["sync", "--hub", hub.url], now: Self.now)
        expectEqual(result.status, 1)
        expectTrue(result.stderr.contains("not a Charflow hub yet") && result.stderr.contains("charflow hub init"), "\(result.stderr)")
    }

    /// `charflow ARGS --now NOW` on a terminal of its own (`script`), and what the terminal received.
    func onTerminal(_ device: CharflowRunner, _ arguments: [String]) throws -> String {
        let words = [CharflowRunner.binary.path] + arguments + ["--now", Self.now]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", words.map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        process.environment = device.environment()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0, "\(String(decoding: data, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("D19 on a terminal, nothing to receive prints no progress, and a progress line is cleared before the result")
    func progressLine() throws {
        let hub = try PostgresHub.initialised(at: Self.now)
        let a = try CharflowRunner(), b = try CharflowRunner()
        try a.add("Water the plants", now: Self.now)
        let first = try onTerminal(a, ["sync", "--hub", hub.url])
        expectLacks(first, "Receiving", "\(first.debugDescription)")
        expectContains(first, "Synced. Sent", "\(first.debugDescription)")
        let second = try onTerminal(b, ["sync", "--hub", hub.url])
        let shown = try #require(second.range(of: "Receiving "), "\(second.debugDescription)")
        let cleared = try #require(second.range(of: "\r\u{1B}[K", range: shown.upperBound..<second.endIndex),
                                   "\(second.debugDescription)")
        let result = try #require(second.range(of: "Synced."), "\(second.debugDescription)")
        expectTrue(cleared.upperBound <= result.lowerBound)
    }
}
